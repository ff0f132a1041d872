import { useTranslation } from '~/lib/i18n';
import { buttonClasses } from '~/components/ui/button';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'manual';

type ShareEnvironment = {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
  alert: (message: string) => void;
  prompt: (message: string, value: string) => void;
};

/**
 * Native sharing where the device has it; otherwise copy the link and say so; otherwise
 * hand the visitor the link to copy themselves. A visitor closing the share sheet is not a failure.
 */
export async function shareLink(
  data: { url: string; title: string; text: string },
  env: ShareEnvironment,
  texts: { copied: string; copyManually: string },
): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // Any other refusal (not allowed here, unsupported data) falls through to copying.
    }
  }
  if (env.writeText) {
    try {
      await env.writeText(data.url);
      env.alert(texts.copied);
      return 'copied';
    } catch {
      // No clipboard permission: the visitor copies it by hand.
    }
  }
  env.prompt(texts.copyManually, data.url);
  return 'manual';
}

function browserShareEnvironment(): ShareEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    share: nav?.share ? (d) => nav.share(d) : undefined,
    writeText: nav?.clipboard?.writeText ? (text) => nav.clipboard.writeText(text) : undefined,
    alert: (message) => window.alert(message),
    prompt: (message, value) => void window.prompt(message, value),
  };
}

/** 'Share Product' on the detail page. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <button
      type="button"
      className={buttonClasses('secondary', 'md')}
      onClick={() =>
        void shareLink(
          { url: window.location.href, title, text: t('detail.shareText', { name: title }) },
          browserShareEnvironment(),
          { copied: t('detail.copied'), copyManually: t('detail.copyManually') },
        )
      }
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {t('detail.share')}
    </button>
  );
}
