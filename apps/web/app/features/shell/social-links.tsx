import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from '~/lib/i18n';
import { SITE } from '@catalogue/shared/domain/site';
import { FacebookIcon, InstagramIcon, LinkedInIcon, PinterestIcon, YouTubeIcon } from '~/components/ui/icons';

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  pinterest: PinterestIcon,
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
};

/** The business's social profiles (site configuration), as icon links. */
export function SocialLinks({
  className = '',
  linkClassName = '',
}: {
  className?: string;
  linkClassName?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <ul className={`flex items-center gap-1 ${className}`} aria-label={t('social.label')}>
      {SITE.social.map((profile) => {
        const Icon = ICONS[profile.id];
        return (
          <li key={profile.id}>
            <a
              href={profile.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('social.link', { name: profile.label })}
              title={profile.label}
              className={`flex size-10 items-center justify-center rounded-full ${linkClassName}`}
            >
              {Icon ? <Icon className="size-5" /> : profile.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
