/**
 * The callers of `importAfterDataSdk` take turns: a caller's import starts only once the one
 * before it has been evaluated and handed over, so the browser evaluates each graph (with the
 * schemas it builds) in a task of its own; and a failed import does not hold the next one up.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../firebase/firestore', () => ({}));
vi.mock('./zod-ready', () => ({ zodReady: true }));
vi.mock('./schemas-ready', () => ({ schemasReady: true }));

const { importAfterDataSdk } = await import('./load-data-sdk');

describe('importAfterDataSdk', () => {
  it("starts each caller's import after the one before it was handed over, in the order asked", async () => {
    const events: string[] = [];
    let finishFirst!: () => void;
    const first = importAfterDataSdk(async () => {
      events.push('first started');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      events.push('first evaluated');
      return 'first module';
    });
    const second = importAfterDataSdk(async () => {
      events.push('second started');
      return 'second module';
    });
    await vi.waitFor(() => expect(events).toEqual(['first started']));
    // The second waits while the first is still loading.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['first started']);
    finishFirst();
    await expect(first).resolves.toBe('first module');
    await expect(second).resolves.toBe('second module');
    expect(events).toEqual(['first started', 'first evaluated', 'second started']);
  });

  it('gives the next caller its turn when an import fails twice', async () => {
    const failing = importAfterDataSdk(() => Promise.reject(new Error('chunk gone')));
    const next = importAfterDataSdk(() => Promise.resolve('next module'));
    await expect(failing).rejects.toThrow('chunk gone');
    await expect(next).resolves.toBe('next module');
  });
});
