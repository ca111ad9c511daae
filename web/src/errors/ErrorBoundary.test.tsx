import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

let failing = true;
function Flaky({ label = 'Drawn' }: { label?: string }) {
  if (failing) throw new Error('bad data');
  return <p>{label}</p>;
}

describe('ErrorBoundary', () => {
  afterEach(() => {
    failing = true;
    vi.restoreAllMocks();
  });

  it('shows its fallback node in place of children that threw, and the children otherwise', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary fallback={<p>Fell back</p>}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fell back')).toBeTruthy();
    failing = false;
    rerender(
      <ErrorBoundary fallback={<p>Fell back</p>}>
        <p>Fine</p>
      </ErrorBoundary>,
    );
    // Still the fallback: only a reset or a new key draws the children again.
    expect(screen.getByText('Fell back')).toBeTruthy();
  });

  it('hands a fallback function the error, and its reset draws the children again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary
        fallback={({ error, resetErrorBoundary }) => (
          <button type="button" onClick={resetErrorBoundary}>
            {(error as Error).message}: again
          </button>
        )}
      >
        <Flaky />
      </ErrorBoundary>,
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'bad data: again' }));
    expect(screen.getByText('Drawn')).toBeTruthy();
  });

  it('clears the error when its key changes afterwards (another page drawn)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary fallback={<p>Fell back</p>} resetKey="/photos">
        <Flaky />
      </ErrorBoundary>,
    );
    failing = false;
    rerender(
      <ErrorBoundary fallback={<p>Fell back</p>} resetKey="/photos">
        <Flaky label="Photos" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fell back')).toBeTruthy();
    rerender(
      <ErrorBoundary fallback={<p>Fell back</p>} resetKey="/lineup">
        <Flaky label="Line-up" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Line-up')).toBeTruthy();
  });

  it('keeps the error when the key changed in the very render that threw', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary fallback={<p>Fell back</p>} resetKey="/photos">
        <p>Photos</p>
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary fallback={<p>Fell back</p>} resetKey="/lineup">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fell back')).toBeTruthy();
  });
});
