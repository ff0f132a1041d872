import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { synonymListSchema } from '@catalogue/shared/schemas/search';
import { getJson } from '~/lib/api-client';
import { performWrite } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { fetchInTurn, renderLoaded } from '~/lib/test-routes';
import { sendSynonymWrite, SynonymAdmin, type SynonymWrite } from './synonym-admin';

// As the route's loader asks, and its action writes.
const showSynonyms = () =>
  renderLoaded(SynonymAdmin, () => settle(getJson('/search/synonyms', synonymListSchema)), {
    act: ({ request }) => performWrite<SynonymWrite>(request, sendSynonymWrite),
  });

const JHUMKA = {
  id: '1b9a4c52-8a3b-4f5e-9a55-0d0c7b8d1e01',
  term: 'jhumka',
  meaning: 'earring',
  createdAt: '',
};
const HAAR = { id: '1b9a4c52-8a3b-4f5e-9a55-0d0c7b8d1e02', term: 'haar', meaning: 'necklace', createdAt: '' };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const serve = fetchInTurn;

describe('SynonymAdmin', () => {
  beforeEach(() => window.localStorage.setItem('token', 'admin-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('lists the synonyms, and checks a form beside its fields before sending anything', async () => {
    const calls = serve([() => json({ synonyms: [HAAR, JHUMKA] })]);
    showSynonyms();
    expect(await screen.findByText('2 synonyms')).toBeInTheDocument();
    expect(screen.getByText('jhumka')).toBeInTheDocument();
    expect(screen.getByText('necklace')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Meaning/), 'x'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Add synonym' }));
    expect(screen.getByLabelText(/^Term/)).toHaveAccessibleDescription(/term is required/);
    expect(screen.getByLabelText(/^Meaning/)).toHaveAccessibleDescription(
      /meaning must be at most 80 characters/,
    );
    expect(calls).toHaveLength(1);
  });

  it('adds a synonym, shows a refused term beside the field, and reloads the list', async () => {
    const calls = serve([
      () => json({ synonyms: [JHUMKA] }),
      () =>
        json(
          {
            message: 'this term already has a synonym',
            issues: [{ path: 'term', message: 'this term already has a synonym' }],
          },
          409,
        ),
      () => json({ message: 'Synonym added', synonym: { ...HAAR, term: 'tops', meaning: 'stud' } }, 201),
      () => json({ synonyms: [JHUMKA, { ...HAAR, term: 'tops', meaning: 'stud' }] }),
    ]);
    showSynonyms();
    await screen.findByText('1 synonym');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Term/), ' JHUMKA ');
    await user.type(screen.getByLabelText(/^Meaning/), 'Ring');
    await user.click(screen.getByRole('button', { name: 'Add synonym' }));
    expect(await screen.findByText('this term already has a synonym')).toBeInTheDocument();
    expect(calls[1]).toEqual({
      url: '/api/search/synonyms',
      method: 'POST',
      body: { term: 'jhumka', meaning: 'ring' },
    });
    await user.clear(screen.getByLabelText(/^Term/));
    await user.type(screen.getByLabelText(/^Term/), 'tops');
    await user.clear(screen.getByLabelText(/^Meaning/));
    await user.type(screen.getByLabelText(/^Meaning/), 'stud');
    await user.click(screen.getByRole('button', { name: 'Add synonym' }));
    expect(await screen.findByText('Synonym added.')).toBeInTheDocument();
    expect(await screen.findByText('2 synonyms')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Term/)).toHaveValue('');
  });

  it('edits a row in place and removes one after confirming', async () => {
    const calls = serve([
      () => json({ synonyms: [JHUMKA] }),
      () => json({ message: 'Synonym updated', synonym: { ...JHUMKA, meaning: 'earrings' } }),
      () => json({ synonyms: [{ ...JHUMKA, meaning: 'earrings' }] }),
      () => json({ message: 'Synonym deleted' }),
      () => json({ synonyms: [] }),
    ]);
    showSynonyms();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit jhumka' }));
    const row = screen.getByRole('listitem');
    const meaning = within(row).getByLabelText(/^Meaning/);
    await user.clear(meaning);
    await user.type(meaning, 'earrings');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Synonym updated.')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ url: `/api/search/synonyms/${JHUMKA.id}`, method: 'PUT' });
    await user.click(await screen.findByRole('button', { name: 'Remove jhumka' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No synonyms yet.')).toBeInTheDocument();
    await waitFor(() => expect(calls[3]).toMatchObject({ method: 'DELETE' }));
  });
});
