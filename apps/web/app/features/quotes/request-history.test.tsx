import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@catalogue/shared/schemas/quotation';
import { I18nProvider, createI18n } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';
import { RequestHistory } from './request-history';

const admin = { _id: 'a1', name: 'Kavita', role: 'admin' as const };
const history: OrderEvent[] = [
  {
    from: null,
    to: 'new',
    by: { _id: 'u1', name: 'Meera', role: 'user' },
    note: null,
    at: '2026-11-20T10:00:00.000Z',
  },
  { from: 'new', to: 'quoted', by: admin, note: 'Revision 1', revision: 1, at: '2026-11-21T10:00:00.000Z' },
  {
    from: 'quoted',
    to: 'quoted',
    by: admin,
    note: 'Revision 2',
    revision: 2,
    at: '2026-11-22T10:00:00.000Z',
  },
  {
    from: 'quoted',
    to: 'declined',
    by: { _id: 'u1', name: 'Meera', role: 'user' },
    note: 'Too dear',
    revision: 2,
    at: '2026-11-23T10:00:00.000Z',
  },
];

describe('RequestHistory', () => {
  it('names each sent revision, not the server’s English note, and keeps other notes', () => {
    render(<RequestHistory history={history} />);
    expect(screen.getByText('Revision 1 sent')).toBeInTheDocument();
    expect(screen.getByText('Revision 2 sent')).toBeInTheDocument();
    expect(screen.queryByText('Revision 2')).not.toBeInTheDocument();
    expect(screen.getByText('Quoted → Declined')).toBeInTheDocument();
    expect(screen.getByText('Too dear')).toBeInTheDocument();
  });

  it('says it in Hindi on a Hindi page', () => {
    render(
      <I18nProvider i18n={createI18n('hi', resourcesFor('hi'))}>
        <RequestHistory history={history} />
      </I18nProvider>,
    );
    expect(screen.getByText('संशोधन 2 भेजा गया')).toBeInTheDocument();
    expect(screen.queryByText(/Revision/)).not.toBeInTheDocument();
  });
});
