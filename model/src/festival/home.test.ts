import { describe, expect, it } from 'vitest';
import { homeFestival } from './home.js';

const existing = (...ids: string[]) => {
  const asked: string[] = [];
  return { asked, exists: async (id: string) => (asked.push(id), ids.includes(id)) };
};

describe('homeFestival: which festival `/` opens', () => {
  it('opens the festival a project admin chose when it exists, without asking about the build', async () => {
    const festivals = existing('encore-2026', 'encore-2027');
    expect(await homeFestival({ chosen: 'encore-2027', build: 'encore-2026' }, festivals.exists)).toEqual({ kind: 'festival', festivalId: 'encore-2027', source: 'chosen' });
    expect(festivals.asked).toEqual(['encore-2027']);
  });

  it("opens the build's festival when none is chosen, or the chosen one is gone", async () => {
    expect(await homeFestival({ chosen: null, build: 'encore-2026' }, existing('encore-2026').exists)).toEqual({ kind: 'festival', festivalId: 'encore-2026', source: 'build' });
    expect(await homeFestival({ chosen: 'gone-2025', build: 'encore-2026' }, existing('encore-2026').exists)).toEqual({ kind: 'festival', festivalId: 'encore-2026', source: 'build' });
  });

  it('is the chooser when neither exists (an empty project), asking about the same id once', async () => {
    const festivals = existing();
    expect(await homeFestival({ chosen: 'encore-2026', build: 'encore-2026' }, festivals.exists)).toEqual({ kind: 'chooser' });
    expect(festivals.asked).toEqual(['encore-2026']);
    expect(await homeFestival({ chosen: undefined, build: null }, existing().exists)).toEqual({ kind: 'chooser' });
  });
});
