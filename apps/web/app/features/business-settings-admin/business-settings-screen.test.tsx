import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchServing, type FetchCall, type JsonAnswer } from '~/lib/test-routes';
import { renderWithProviders } from '~/lib/test-utils';
import { BusinessSettingsScreen } from './business-settings-screen';

const SAVED = {
  gstin: '08ABCDE1234F1Z5',
  iec: 'ABCDE1234F',
  lutArn: '',
  bank: {
    name: 'State Bank of India',
    accountName: 'Jaipur Jewellery House',
    accountNumber: '301234567890',
    ifsc: 'SBIN0001234',
    swift: 'SBININBB',
    branch: '',
  },
};

/** `fetch` answering the settings read with `read`, and every write with `put`. */
const serve = (read: unknown, put: (call: FetchCall) => JsonAnswer) =>
  fetchServing((call) => (call.method === 'PUT' ? put(call) : { status: 200, body: read }));

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const box = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(box);
    if (value) await user.type(box, value);
  }
}

describe('BusinessSettingsScreen', () => {
  beforeEach(() => window.localStorage.setItem('token', 'admin-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('says nothing is saved yet, checks every box before sending, and sends the settings in capitals', async () => {
    const calls = serve({ settings: null, updatedAt: null }, (call) => ({
      status: 200,
      body: { settings: call.body, updatedAt: '2026-12-02T06:00:00.000Z' },
    }));
    renderWithProviders(<BusinessSettingsScreen />);
    expect(
      await screen.findByText(
        'Not saved yet: no proforma invoice can be made until these details are saved.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await fill(user, {
      GSTIN: '08ABCDE1234F1X5',
      'Importer-Exporter Code': 'ABCDE1234',
      Bank: 'State Bank of India',
      'Account name': 'Jaipur Jewellery House',
      'Account number': '12AB',
      IFSC: 'SBIN1001234',
    });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character, such as 08ABCDE1234F1Z5',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The IEC has 10 letters and digits, such as ABCDE1234F')).toBeInTheDocument();
    expect(screen.getByText('An account number has 9 to 18 digits')).toBeInTheDocument();
    expect(
      screen.getByText(
        'An IFSC has 11 characters: 4 letters, 0, then 6 letters or digits, such as SBIN0001234',
      ),
    ).toBeInTheDocument();
    // SWIFT was left empty.
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await fill(user, {
      GSTIN: '08abcde1234f1z5',
      'Importer-Exporter Code': 'abcde1234f',
      'Account number': '3012 3456 7890',
      IFSC: 'sbin0001234',
      'SWIFT / BIC': 'sbininbb',
    });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Settings saved. New proforma invoices will carry them.'),
    ).toBeInTheDocument();
    const write = calls.find((c) => c.method === 'PUT');
    expect(write?.url).toMatch(/\/api\/admin\/business-settings$/);
    expect(write?.body).toEqual(SAVED);
    expect(screen.getByLabelText(/^GSTIN/)).toHaveValue('08ABCDE1234F1Z5');
  });

  it('shows the saved settings, and a refusal by the server beside the box it names', async () => {
    serve({ settings: SAVED, updatedAt: '2026-12-01T06:00:00.000Z' }, () => ({
      status: 400,
      body: {
        message: 'bank.swift: bank.swift must be a SWIFT/BIC code of 8 or 11 characters, such as SBININBB',
        issues: [{ path: 'body.bank.swift', message: 'This SWIFT code belongs to another bank' }],
      },
    }));
    renderWithProviders(<BusinessSettingsScreen />);
    expect(await screen.findByDisplayValue('08ABCDE1234F1Z5')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Account number/)).toHaveValue('301234567890');
    expect(screen.getByText(/^Last saved/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This SWIFT code belongs to another bank')).toBeInTheDocument();
    expect(screen.getByLabelText(/^SWIFT \/ BIC/)).toHaveAttribute('aria-invalid', 'true');
  });
});
