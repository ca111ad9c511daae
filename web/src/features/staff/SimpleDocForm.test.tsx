import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stageSchema } from '@encore/model';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { SimpleDocForm } from './SimpleDocForm';

/** The writes the form makes, in place of Firestore's (what it would send, where). */
const writes: Array<{ kind: string; path: string; data: Record<string, unknown> }> = [];
vi.mock('../../firebase/firestore', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', () => ({
  doc: (_db: unknown, path: string) => ({ path, id: path.split('/').at(-1) }),
  setDoc: (ref: { path: string }, data: Record<string, unknown>) => (writes.push({ kind: 'set', path: ref.path, data }), Promise.resolve()),
  updateDoc: (ref: { path: string }, data: Record<string, unknown>) => (writes.push({ kind: 'update', path: ref.path, data }), Promise.resolve()),
  deleteField: () => 'deleteField',
  serverTimestamp: () => 'serverTimestamp',
  getDoc: vi.fn(),
  getDocFromServer: vi.fn(),
}));

const STAGES = [{ id: 'main-stage', data: { name: 'Main Stage', order: 0 } }];

function renderStages() {
  renderWithIntl(
    <SimpleDocForm
      addLabel="Add stage"
      kind="stage"
      schema={stageSchema}
      items={STAGES}
      fields={[
        { name: 'name', label: 'Name' },
        { name: 'order', label: 'Order', number: true },
        { name: 'color', label: 'Colour', optional: true },
      ]}
      pathOf={(id) => `festivals/f/stages/${id}`}
      idOf={(data) => String(data['name']).toLowerCase().replaceAll(' ', '-')}
    />,
  );
}

async function addStage(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add stage' }));
  await user.type(screen.getByLabelText(/^Name/), name);
  await user.type(screen.getByLabelText(/^Order/), '2');
  await user.click(screen.getAllByRole('button', { name: 'Add stage' }).at(-1)!);
}

describe('SimpleDocForm: a new stage', () => {
  beforeEach(() => {
    writes.length = 0;
  });

  it('whose address exists is refused in the form, naming the stage, and nothing is written', async () => {
    renderStages();
    await addStage('Main Stage');
    expect(await screen.findByText('A stage with the address main-stage exists (Main Stage): edit it or choose another name.')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('under a free address is written with createdAt set to the server’s time', async () => {
    renderStages();
    await addStage('Side Stage');
    expect(writes).toEqual([{ kind: 'set', path: 'festivals/f/stages/side-stage', data: { name: 'Side Stage', order: 2, createdAt: 'serverTimestamp' } }]);
  });

  it('edited updates its fields only: no createdAt, an emptied optional field removed', async () => {
    renderStages();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Main Stage' }));
    await user.clear(screen.getByLabelText(/^Order/));
    await user.type(screen.getByLabelText(/^Order/), '4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(writes).toEqual([{ kind: 'update', path: 'festivals/f/stages/main-stage', data: { name: 'Main Stage', order: 4, color: 'deleteField' } }]);
  });
});
