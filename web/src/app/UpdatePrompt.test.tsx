import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { announceUpdate } from './register-service-worker';
import { UpdatePrompt } from './UpdatePrompt';

describe('update prompt', () => {
  it('stays hidden until a new version waits, then reloading from it applies the update', async () => {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <UpdatePrompt />
      </IntlProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();

    const apply = vi.fn();
    act(() => announceUpdate({ apply }));
    const prompt = await screen.findByRole('status');
    expect(prompt.textContent).toContain('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
