import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { attributeListsSchema } from '@catalogue/shared/schemas/attributes';
import { productSchema, type ProductSaved } from '@catalogue/shared/schemas/product';
import { Spinner } from '~/components/ui/spinner';
import { adminMeta } from '~/features/seo/admin-meta';
import type { FlashState } from '~/components/admin/flash-message';
import { LoadError, Notice } from '~/components/ui/notice';
import { ProductForm } from '~/features/admin/product-form';
import { CostingEditor } from '~/features/pricing-admin/costing-editor';
import { apiRequest, getJson } from '~/lib/api-client';
import { settle, useLoadedQuery } from '~/lib/route-data';
import { withPrefix } from '~/lib/prefix';
import type { Route } from './+types/edit-product';

/** The product and the attribute lists its form ticks from, asked for together. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const [product, attributeLists] = await Promise.all([
    settle(getJson(`/products/single/${encodeURIComponent(params.id)}`, productSchema, { signal })),
    settle(getJson('/attributes', attributeListsSchema, { signal })),
  ]);
  return { product, attributeLists };
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  return (
    <section>
      <h1 className="mb-6 font-serif text-3xl text-brand-900">{t('product.editTitle')}</h1>
      <Spinner size="lg" label={t('product.loading')} className="w-full py-16" />
    </section>
  );
}

export default function EditProductPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { id } = params;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: product, error, isLoading, reload } = useLoadedQuery(loaderData.product);
  const toList = (state?: FlashState) => navigate(withPrefix(pathname, '/product-list'), { state });

  const send = async (form: FormData, onProgress: (fraction: number) => void) => {
    await apiRequest<ProductSaved>(`/products/admin/${encodeURIComponent(id)}`, {
      method: 'PUT',
      form,
      onUploadProgress: onProgress,
      timeoutMs: TIMINGS_MS.addProductTimeout,
    });
    await toList({ flash: t('product.updated') });
  };

  let body: React.ReactNode;
  if (error?.status === 404) {
    body = <Notice tone="error" text={t('product.errors.notFound')} />;
  } else if (error) {
    body = (
      <LoadError
        message={t('product.errors.loadFailed')}
        detail={error.message}
        onRetry={reload}
        retryLabel={t('retry')}
      />
    );
  } else if (isLoading || !product) {
    body = <Spinner size="lg" label={t('product.loading')} className="w-full py-16" />;
  } else {
    body = (
      <div className="space-y-10">
        <ProductForm
          key={product._id}
          product={product}
          attributeLists={loaderData.attributeLists.data}
          onSubmit={send}
          submitText={t('product.save')}
          failureText={t('product.errors.updateFailed')}
          isFailureTextFirst
          onCancel={() => void toList()}
        />
        {/* The costing is saved on its own (PUT costing), beside the product's own fields. */}
        <CostingEditor key={`costing-${product._id}`} productId={product._id} />
      </div>
    );
  }

  return (
    <section>
      <h1 className="mb-6 font-serif text-3xl text-brand-900">{t('product.editTitle')}</h1>
      {body}
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'product.editTitle');
}
