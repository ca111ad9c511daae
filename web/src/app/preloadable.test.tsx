import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('preloadable', () => {
  it('draws a component loaded ahead in the same render, without its fallback', async () => {
    const greeting = preloadable(async () => Greeting);
    await greeting.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <greeting.Component name="Kae" />
      </Suspense>,
    );
    expect(screen.getByText('hello Kae')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('suspends like React.lazy when drawn before its code is in, then draws it', async () => {
    let arrive: (() => void) | undefined;
    const greeting = preloadable(() => new Promise<typeof Greeting>((resolve) => (arrive = () => resolve(Greeting))));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <greeting.Component name="Kae" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => arrive!());
    expect(await screen.findByText('hello Kae')).toBeTruthy();
  });
});
