import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { attributeListsSchema } from '@catalogue/shared/schemas/attributes';
import type { ProductSaved } from '@catalogue/shared/schemas/product';
import { Spinner } from '~/components/ui/spinner';
import { adminMeta } from '~/features/seo/admin-meta';
import type { FlashState } from '~/components/admin/flash-message';
import { ProductForm } from '~/features/admin/product-form';
import { ApiError, apiRequest, getJson } from '~/lib/api-client';
import { settle } from '~/lib/route-data';
import { withPrefix } from '~/lib/prefix';
import type { Route } from './+types/add-product';

/** The attribute lists the form ticks from; when they fail the form goes without those fields. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/attributes', attributeListsSchema, { signal: request.signal }));
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  const { t: tFilters } = useTranslation('filters-admin');
  return (
    <section>
      <h1 className="mb-6 font-serif text-3xl text-brand-900">{t('product.addTitle')}</h1>
      <Spinner label={tFilters('admin.loading')} />
    </section>
  );
}

export default function AddProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { t: tPricing } = useTranslation('pricing-admin');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const send = async (form: FormData, onProgress: (fraction: number) => void) => {
    const answer = await apiRequest<ProductSaved | undefined>('/products/admin/add', {
      method: 'POST',
      form,
      onUploadProgress: onProgress,
      timeoutMs: TIMINGS_MS.addProductTimeout,
    });
    // An answer without the saved product is a failure, whatever its status said.
    if (!answer?.product) throw new ApiError(200, t('product.errors.failedAdd'));
    const state: FlashState = { flash: t('product.added') };
    await navigate(withPrefix(pathname, '/dashboard'), { state });
  };

  return (
    <section>
      <h1 className="mb-6 font-serif text-3xl text-brand-900">{t('product.addTitle')}</h1>
      <ProductForm
        attributeLists={loaderData.data}
        onSubmit={send}
        submitText={t('product.submit')}
        failureText={t('product.errors.addFailed')}
      />
      <p className="mt-6 max-w-2xl text-sm text-stone-600">{tPricing('costing.afterAdd')}</p>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'product.addTitle');
}
