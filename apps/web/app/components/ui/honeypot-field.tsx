import { useTranslation } from '~/lib/i18n';
import { HONEYPOT_FIELD } from '@catalogue/shared/domain/honeypot';

/**
 * A field people never see or reach: off screen, `inert` and `aria-hidden` (no focus, nothing for
 * assistive technology), out of the tab order, with autocomplete off so a browser never fills it.
 * A bot that fills every input fills it, and the server drops that submission (answering it like a
 * success). Uncontrolled: the form reads it with `honeypotOf` when it sends.
 */
export function HoneypotField() {
  const { t } = useTranslation('common');
  return (
    <div
      aria-hidden="true"
      inert
      className="pointer-events-none absolute -left-[10000px] top-0 h-px w-px overflow-hidden opacity-0"
      data-honeypot=""
    >
      <label>
        {t('honeypot.label')}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The honeypot's value as a body field when something filled it; nothing otherwise. */
export function honeypotOf(form: HTMLFormElement | null): { [HONEYPOT_FIELD]?: string } {
  const input = form?.elements.namedItem(HONEYPOT_FIELD);
  const value = input instanceof HTMLInputElement ? input.value : '';
  return value ? { [HONEYPOT_FIELD]: value } : {};
}
