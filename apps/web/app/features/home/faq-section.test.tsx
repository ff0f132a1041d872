import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SITE } from '@catalogue/shared/domain/site';
import { resourcesFor } from '~/lib/i18n-resources.server';
import { faqEntries } from './faq';
import { FaqSection } from './faq-section';

function renderFaq(at = '/') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <FaqSection />
    </MemoryRouter>,
  );
}

const questions = () =>
  screen
    .queryAllByRole('button', { expanded: false })
    .concat(screen.queryAllByRole('button', { expanded: true }));

/** Open answers: regions inside the question list (the section itself is a region too). */
const answers = () => within(screen.getByRole('list')).queryAllByRole('region');

describe('FaqSection', () => {
  it('lists the eight questions, all closed, with a link to the contact page', () => {
    renderFaq('/en-in');
    expect(questions()).toHaveLength(8);
    expect(answers()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/en-in/contactus');
  });

  it('keeps only one answer open at a time', async () => {
    const user = userEvent.setup();
    renderFaq();
    const plating = screen.getByRole('button', { name: 'Which plating finishes do you offer?' });
    const showroom = screen.getByRole('button', { name: 'Can we visit your showroom?' });
    await user.click(plating);
    expect(plating).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Which plating finishes do you offer?' })).toBeVisible();
    await user.click(showroom);
    expect(plating).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Can we visit your showroom?' })).toHaveTextContent(
      /appointment only/,
    );
    expect(answers()).toHaveLength(1);
    await user.click(showroom);
    expect(answers()).toHaveLength(0);
  });

  it('answers the contact question with the business e-mail and phone', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(screen.getByRole('button', { name: 'How can we contact you?' }));
    const answer = screen.getByRole('region', { name: 'How can we contact you?' });
    expect(answer).toHaveTextContent(SITE.email);
    expect(answer).toHaveTextContent(SITE.phones.main.display);
  });

  it('filters the questions by the search text, in questions and answers, ignoring case', () => {
    renderFaq();
    const search = screen.getByRole('searchbox', { name: 'Search the questions' });
    fireEvent.change(search, { target: { value: 'PLATING' } });
    expect(questions().map((b) => b.textContent)).toEqual([
      'Which plating finishes do you offer?',
      'How do you work sustainably?',
    ]);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No question matches your search.');
    fireEvent.change(search, { target: { value: '' } });
    expect(questions()).toHaveLength(8);
  });
});

describe('faqEntries', () => {
  it('gives the eight questions with the values filled in, for FAQPage structured data', () => {
    const entries = faqEntries(resourcesFor('hi').home);
    expect(entries).toHaveLength(8);
    expect(entries[6]?.answer).toContain(SITE.email);
    expect(entries[6]?.answer).not.toMatch(/\{\{/);
  });
});
