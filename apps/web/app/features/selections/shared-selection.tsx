import { useState } from 'react';
import { CHAT_URL, SITE } from '@catalogue/shared/domain/site';
import { whatsAppUrl } from '@catalogue/shared/domain/selections';
import type { SharedDesign } from '@catalogue/shared/schemas/selection';
import { ProductGallery } from '~/components/gallery/product-gallery';
import { ProductImage } from '~/components/product-image';
import { Button, ButtonLink } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { apiRequest } from '~/lib/api-client';
import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';
import { useTranslation } from '~/lib/i18n';

type SharedSelectionProps = {
  token: string;
  title: string;
  note: string;
  designs: readonly SharedDesign[];
};

/** Tells the server which designs were added from this link (its activity); never awaited. */
function reportAdded(token: string, productIds: readonly string[]) {
  if (!productIds.length) return;
  apiRequest(`/s/${encodeURIComponent(token)}/events`, { json: { added: productIds } }).catch(() => {
    // Activity is a hint for the sales team: a lost report costs the buyer nothing.
  });
}

const labelsOf = (values: readonly { label: string; labelHi: string }[], hindi: boolean) =>
  values.map((v) => (hindi && v.labelHi ? v.labelHi : v.label)).join(', ');

/**
 * The designs a business sent to one buyer: each with its picture (larger on tap), code, name,
 * jewellery facts and minimum order, "Add to my enquiry list", "Ask on WhatsApp"; "Add all" on top.
 * Prices appear only when the link grants them (the server leaves them out otherwise).
 */
export function SharedSelection({ token, title, note, designs }: SharedSelectionProps) {
  const { t, i18n } = useTranslation('selections');
  const hindi = i18n.language === 'hi';
  const list = useEnquiryList();
  const [open, setOpen] = useState<SharedDesign | null>(null);
  const missing = designs.filter((d) => list.quantityOf(d.productId) === 0);

  const add = (selected: readonly SharedDesign[]) => {
    for (const d of selected) {
      // At the design's minimum order, which the line keeps so the list can flag a lower quantity.
      list.add({
        _id: d.productId,
        name: d.name,
        code: d.code,
        imageUrl: d.imageUrl,
        minOrderQuantity: d.minOrderQuantity,
      });
    }
    reportAdded(
      token,
      selected.map((d) => d.productId),
    );
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-6">
      <header className="mb-4">
        <h1 className="font-serif text-2xl text-brand-900 sm:text-3xl">{title}</h1>
        {note && <p className="mt-2 whitespace-pre-line text-gray-800">{note}</p>}
        <p className="mt-2 text-sm text-gray-700">{t('page.count', { count: designs.length })}</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {missing.length ? (
            <Button onClick={() => add(missing)}>{t('page.addAll')}</Button>
          ) : (
            <p role="status" className="text-sm font-medium text-green-800">
              {t('page.allAdded', { count: designs.length })}
            </p>
          )}
          <ButtonLink to="/cart" variant="secondary">
            {t('page.viewList')}
          </ButtonLink>
        </div>
        <p className="mt-3 text-sm text-gray-700">{t('page.askPrices')}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(['pdf', 'xlsx'] as const).map((format) => (
            <a
              key={format}
              href={`/s/${encodeURIComponent(token)}/linesheet.${format}${hindi ? '?lang=hi' : ''}`}
              className="font-medium text-brand-700 underline"
              download
            >
              {format === 'pdf' ? t('page.lineSheet') : t('page.lineSheetXlsx')}
            </a>
          ))}
        </p>
      </header>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {designs.map((design, index) => {
          const isAdded = list.quantityOf(design.productId) > 0;
          const ask = whatsAppUrl(
            SITE.chatNumber,
            t('design.askText', { code: design.code, name: design.name, title }),
          );
          const facts: [string, string][] = [
            [t('design.metal'), labelsOf(design.attributes.metal, hindi)],
            [t('design.finish'), labelsOf(design.attributes.finish, hindi)],
            [t('design.stone'), labelsOf(design.attributes.stone, hindi)],
            [
              t('design.weight'),
              design.weightGrams === null ? '' : t('design.weightValue', { value: design.weightGrams }),
            ],
            [
              t('design.minOrder'),
              design.minOrderQuantity === null
                ? ''
                : t('design.minOrderValue', { count: design.minOrderQuantity }),
            ],
          ];
          return (
            <li
              key={design.productId}
              className="flex flex-col overflow-hidden rounded-lg border border-brand-100 bg-white shadow-sm"
              data-testid="shared-design"
            >
              <button
                type="button"
                onClick={() => setOpen(design)}
                aria-label={t('design.open', { code: design.code })}
                className="block focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <ProductImage
                  product={design}
                  alt={design.name}
                  preset="thumb"
                  priority={index < 4}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                  className="aspect-square w-full object-cover"
                />
              </button>
              <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
                <p className="font-mono text-xs text-gray-700">
                  {t('design.code')}: {design.code}
                </p>
                <h2 className="font-medium text-ink">{design.name}</h2>
                <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-gray-800">
                  {facts
                    .filter(([, value]) => value)
                    .map(([label, value]) => (
                      <div key={label} className="contents">
                        <dt className="text-gray-600">{label}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  {design.price !== undefined && (
                    <div className="contents">
                      <dt className="text-gray-600">{t('design.price')}</dt>
                      <dd>{design.price}</dd>
                    </div>
                  )}
                </dl>
                <div className="mt-auto flex flex-col gap-2 pt-2">
                  {isAdded ? (
                    <p className="text-xs font-medium text-green-800">{t('design.added')}</p>
                  ) : (
                    <Button
                      size="sm"
                      onClick={() => add([design])}
                      aria-label={t('design.addFor', { code: design.code })}
                    >
                      {t('design.add')}
                    </Button>
                  )}
                  <a
                    href={ask}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('design.askFor', { code: design.code })}
                    className="text-center text-xs font-medium text-brand-800 underline"
                  >
                    {t('design.ask')}
                  </a>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('gallery.title', { code: open.code, name: open.name }) : ''}
      >
        {open && (
          <ProductGallery
            key={open.productId}
            compact
            product={{ _id: open.productId, name: open.name, imageUrl: open.imageUrl, images: open.images }}
          />
        )}
      </Dialog>
    </section>
  );
}

/** A link that was revoked or has expired (410), or never existed (404): how to reach the business. */
export function SelectionUnavailable({ gone }: { gone: boolean }) {
  const { t } = useTranslation('selections');
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-serif text-2xl text-brand-900">{gone ? t('gone.title') : t('missing.title')}</h1>
      <p className="mt-4 text-gray-800">{gone ? t('gone.text') : t('missing.text')}</p>
      <ul className="mt-6 flex flex-col items-center gap-2">
        <li>
          <a className="underline" href={`tel:${SITE.phones.main.tel}`}>
            {t('gone.call', { phone: SITE.phones.main.display })}
          </a>
        </li>
        <li>
          <a className="underline" href={`mailto:${SITE.email}`}>
            {t('gone.write', { email: SITE.email })}
          </a>
        </li>
        <li>
          <a className="underline" href={CHAT_URL} target="_blank" rel="noopener noreferrer">
            {t('gone.chat')}
          </a>
        </li>
      </ul>
      <ButtonLink to="/shopall" className="mt-8">
        {t('gone.browse')}
      </ButtonLink>
    </section>
  );
}
