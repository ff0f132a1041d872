import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attributeListsSchema, type AttributeValue } from '@catalogue/shared/schemas/attributes';
import { getJson } from '~/lib/api-client';
import { performWrite } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { fetchInTurn, renderLoaded } from '~/lib/test-routes';
import { AttributeListsEditor, sendAttributeWrite, type AttributeWrite } from './attribute-lists';

// As the route's loader asks, and its action writes.
const showLists = () =>
  renderLoaded(AttributeListsEditor, () => settle(getJson('/attributes/admin', attributeListsSchema)), {
    act: ({ request }) => performWrite<AttributeWrite>(request, sendAttributeWrite),
  });

const value = (slug: string, labelEn: string, position: number): AttributeValue => ({
  id: `00000000-0000-4000-8000-00000000000${position}`,
  kind: 'metal',
  slug,
  labelEn,
  labelHi: '',
  position,
  productCount: 0,
});
const BRASS = value('brass', 'Brass', 1);
const SILVER = value('silver', 'Silver', 2);
const lists = (metal: AttributeValue[]) => ({ metal, finish: [], stone: [], colour: [] });

/** `fetch` answering the calls in turn with these statuses and bodies. */
const serve = (answers: Array<{ status: number; body: unknown }>) =>
  fetchInTurn(
    answers.map(
      ({ status, body }) =>
        () =>
          new Response(JSON.stringify(body), { status }),
    ),
  );

describe('AttributeListsEditor', () => {
  beforeEach(() => window.localStorage.setItem('token', 'admin-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('adds a value through the route action and shows the lists as the server has them afterwards', async () => {
    const calls = serve([
      { status: 200, body: lists([BRASS]) },
      { status: 201, body: { message: 'Value added', value: SILVER } },
      { status: 200, body: lists([BRASS, SILVER]) },
    ]);
    showLists();
    const metal = await screen.findByRole('region', { name: 'Metal' });
    const user = userEvent.setup();
    await user.type(within(metal).getByLabelText(/^English label/), 'Silver');
    await user.click(within(metal).getByRole('button', { name: 'Add value' }));
    expect(await screen.findByText('Silver added.')).toBeInTheDocument();
    expect(await within(metal).findByText('silver')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/attributes/admin',
      'POST /api/attributes/admin/metal',
      'GET /api/attributes/admin',
    ]);
    expect(calls[1]?.body).toEqual({ labelEn: 'Silver', labelHi: '' });
  });

  it('says why a change was refused and keeps the lists without asking again', async () => {
    const calls = serve([
      { status: 200, body: lists([BRASS, SILVER]) },
      { status: 400, body: { message: 'ids must name every value once' } },
    ]);
    showLists();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Silver up' }));
    expect(await screen.findByText('The change was not saved.')).toBeInTheDocument();
    expect(screen.getByText('ids must name every value once')).toBeInTheDocument();
    expect(calls[1]).toEqual({
      url: '/api/attributes/admin/metal/order',
      method: 'PUT',
      body: { ids: [SILVER.id, BRASS.id] },
    });
    expect(calls).toHaveLength(2);
  });
});
