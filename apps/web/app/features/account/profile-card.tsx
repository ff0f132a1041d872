import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import { countryLabel } from '@catalogue/shared/domain/countries';
import type { PublicUser } from '@catalogue/shared/schemas/user';
import { Button } from '~/components/ui/button';
import { CountryFlag } from '~/components/ui/country-select';

export type ProfileDetails = Pick<PublicUser, 'name' | 'email' | 'companyName' | 'country'>;

/**
 * The profile card: the account's name, e-mail, company and country. With `onEdit` (a signed-in
 * account) the Edit Profile button opens the editor; the sample card's button is disabled and
 * says why instead of silently ignoring a click.
 */
export function ProfileCard({
  profile,
  sample,
  onEdit,
}: {
  profile: ProfileDetails | null;
  sample?: boolean;
  onEdit?: () => void;
}) {
  const { t } = useTranslation('account');
  const noteId = useId();
  const rows = profile
    ? [
        { label: t('profile.username'), value: profile.name },
        { label: t('profile.email'), value: profile.email },
        { label: t('profile.company'), value: profile.companyName || t('profile.notGiven') },
        {
          label: t('profile.country'),
          value: profile.country ? (
            <span className="inline-flex items-center gap-2">
              <CountryFlag code={profile.country} />
              {countryLabel(profile.country) ?? profile.country}
            </span>
          ) : (
            t('profile.notGiven')
          ),
        },
      ]
    : [
        { label: t('profile.username'), value: t('profile.sample.name') },
        { label: t('profile.email'), value: t('profile.sample.email') },
        { label: t('profile.company'), value: t('profile.sample.company') },
        { label: t('profile.country'), value: t('profile.sample.country') },
      ];

  return (
    <div className="rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
      <dl className="divide-y divide-brand-100" data-sample={sample || !profile ? 'true' : undefined}>
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-3">
            <dt className="font-semibold text-ink">{row.label}</dt>
            <dd className="break-words text-gray-800 sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        {onEdit ? (
          <Button variant="secondary" onClick={onEdit}>
            {t('profile.edit')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" disabled aria-describedby={noteId}>
              {t('profile.edit')}
            </Button>
            <p id={noteId} className="mt-2 text-sm text-gray-700">
              {t('profile.editNote')}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
