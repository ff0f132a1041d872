/** A buyer an administrator may act for, as the buyer search answers it. */
export type BuyerChoiceItem = {
  _id: string;
  name: string;
  email: string;
  contactNumber: string;
  companyName: string;
};

/**
 * The buyers a search found, one button each (name, then company, e-mail and phone): the admin's
 * pick of whom an order is entered for or a link is made for. `pickLabel` names each button.
 */
export function BuyerChoices<T extends BuyerChoiceItem>({
  buyers,
  pickLabel,
  onPick,
}: {
  buyers: readonly T[];
  pickLabel: (buyer: T) => string;
  onPick: (buyer: T) => void;
}) {
  return (
    <ul className="max-w-md divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
      {buyers.map((b) => (
        <li key={b._id}>
          <button
            type="button"
            aria-label={pickLabel(b)}
            onClick={() => onPick(b)}
            className="block w-full px-3 py-2 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span className="font-semibold text-ink">{b.name}</span>
            <span className="block text-sm text-gray-700">
              {[b.companyName, b.email, b.contactNumber].filter(Boolean).join(' · ')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
