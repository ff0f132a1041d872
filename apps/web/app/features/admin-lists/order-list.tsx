import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { PAGE_SIZE, TIMINGS_MS } from '@catalogue/shared/domain/limits';
import type { Order, OrderList as OrderListAnswer } from '@catalogue/shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '@catalogue/shared/domain/quotation';
import { Button, ButtonLink } from '~/components/ui/button';
import { quotationHref } from '~/lib/paths';
import { StatusBadge } from '~/components/status-badge';
import { Dialog } from '~/components/ui/dialog';
import { SelectField, TextField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { apiRequest } from '~/lib/api-client';
import { CountryCell, WebsiteLink } from '~/components/admin/cells';
import { ConfirmDeleteDialog } from '~/components/admin/confirm-delete-dialog';
import { formatDateTime } from '~/lib/format-date';
import { LoadError } from '~/components/ui/notice';
import { EmptyState, LoadingState } from '~/components/admin/states';
import type { Loaded } from '~/lib/route-data';
import { BreakableText } from '~/components/ui/breakable-text';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { useRouteWrite } from '~/lib/route-action';
import { AdminTable } from '~/components/admin/admin-table';

/** The order list's one write, as its route's `clientAction` receives it. */
export type OrderListWrite = { intent: 'delete'; id: string };

/** Performs the order list's write (the route's `clientAction`). */
export function sendOrderListWrite(write: OrderListWrite): Promise<unknown> {
  return apiRequest(`/orders/${encodeURIComponent(write.id)}`, { method: 'DELETE' });
}

/**
 * A compact row, so the list fits a 1366-pixel screen beside the admin menu without clipping: the
 * number, the state, the buyer with their company (and e-mail), how many designs, how long ago,
 * and the actions (the workbook among them). The rest is in the row's View dialog.
 */
const ORDER_COLUMNS = ['orderId', 'status', 'buyer', 'items', 'age', 'actions'] as const;

/** How long ago a request came: minutes within the hour, hours within the day, then days. */
export function ageOf(createdAt: string, now: Date): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}

const PAGE_LIMIT = PAGE_SIZE.adminOrders;

/** "Showing a-b of n orders" numbers for one page. */
export function shownRange(page: number, shown: number, total: number) {
  if (total === 0 || shown === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * PAGE_LIMIT + 1;
  return { from, to: from + shown - 1, total };
}

type AgeSort = 'newest' | 'oldest';

function ordersQuery(page: number, search: string, status: OrderStatus | '', sort: AgeSort) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  if (sort !== 'newest') query.set('sort', sort);
  return query.toString();
}

/**
 * The list's controls as an address's query states them (the route's loader reads the same query),
 * so an address typed or shared with `?page=3&status=quoted` shows those rows and those controls.
 * Anything unreadable falls back to page 1, every state, newest first.
 */
export function listStateOf(query: URLSearchParams) {
  const page = Number(query.get('page'));
  const status = query.get('status') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (query.get('search') ?? '').trim(),
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : ('' as const),
    sort: (query.get('sort') === 'oldest' ? 'oldest' : 'newest') as AgeSort,
  };
}

/**
 * The `/api` path of the orders a query asks for (`page`, `search`, `status`, `sort`, as the list
 * sends them to its route's loader); page 1, newest first, when it says nothing.
 */
export function ordersPath(query: URLSearchParams) {
  const state = listStateOf(query);
  const api = new URLSearchParams({ page: String(state.page), limit: String(PAGE_LIMIT) });
  if (state.search) api.set('search', state.search);
  if (state.status) api.set('status', state.status);
  if (state.sort !== 'newest') api.set('sort', state.sort);
  return `/orders/orders?${api.toString()}`;
}

/**
 * The admin's order list: server-side search (debounced) and paging, view, download and delete;
 * each request's state (new ones waiting over 48 hours marked overdue), a filter by state, a sort
 * by age, and a link to the request's own page where it is quoted. `loaded` is the route loader's
 * answer for the address (null while the page starts). A new search, filter, sort or page is
 * written into the address (replacing the entry), so the route's loader answers it and a reload,
 * a shared link or the way back from a request shows the same rows with the same controls.
 */
export function OrderList({ loaded }: { loaded: Loaded<OrderListAnswer> | null }) {
  const { t } = useTranslation('admin-content');
  const q = useTranslation('quotes').t;
  const { pathname, search: addressQuery } = useLocation();
  // The loader answered what the address asked for: the controls start from the same query.
  const [initial] = useState(() => listStateOf(new URLSearchParams(addressQuery)));
  const [search, setSearch] = useState(initial.search);
  const [status, setStatus] = useState<OrderStatus | ''>(initial.status);
  const [sort, setSort] = useState<AgeSort>(initial.sort);
  const [page, setPage] = useState(initial.page);
  const [viewing, setViewing] = useState<Order | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [notice, setNotice] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), TIMINGS_MS.searchDebounce);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const query = ordersQuery(page, settledSearch, status, sort);
  const reload = () => void revalidate();
  // The address's query is what the loader answered; the controls' query goes into the address.
  const shownQuery = useRef(ordersQuery(initial.page, initial.search, initial.status, initial.sort));
  const isTyping = search.trim() !== settledSearch;
  useEffect(() => {
    // While the search box waits out its pause, its old text is not written back.
    if (isTyping || shownQuery.current === query) return;
    shownQuery.current = query;
    void navigate(`${pathname}?${query}`, { replace: true, preventScrollReset: true });
  }, [isTyping, query, pathname, navigate]);
  // An address reached otherwise (Back, a link) sets the controls to what it asks for.
  useEffect(() => {
    const asked = listStateOf(new URLSearchParams(addressQuery));
    const askedQuery = ordersQuery(asked.page, asked.search, asked.status, asked.sort);
    if (askedQuery === shownQuery.current) return;
    shownQuery.current = askedQuery;
    setSearch(asked.search);
    setStatus(asked.status);
    setSort(asked.sort);
    setPage(asked.page);
  }, [addressQuery]);
  const data = loaded?.data ?? null;
  const error = loaded?.error ?? null;
  const isLoading =
    loaded === null || (navigation.state === 'loading' && navigation.location.pathname === pathname);

  const orders = data?.orders ?? [];
  const totalPages = data?.totalPages ?? 1;
  const range = shownRange(page, orders.length, data?.totalItems ?? orders.length);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const deletion = useRouteWrite<OrderListWrite>();

  // The router reloads the list after the delete (the address's page).
  const remove = async (order: Order) => {
    await deletion.write({ intent: 'delete', id: order._id });
    setDeleting(null);
    setNotice(t('orders.deleted', { orderId: order.orderId }));
    // The last row of a later page gone: show the page before rather than an empty one.
    if (orders.length === 1 && page > 1) setPage(page - 1);
  };

  return (
    <div className="space-y-4">
      <TextField
        type="search"
        label={t('orders.searchLabel')}
        placeholder={t('orders.searchPlaceholder')}
        value={search}
        onChange={(event) => changeSearch(event.target.value)}
        maxLength={100}
        className="max-w-md"
      />
      <div className="flex flex-wrap gap-4">
        <SelectField
          label={q('list.statusFilter')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            setPage(1);
          }}
          options={[
            { value: '', label: q('list.allStatuses') },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: q(`status.${s}`) })),
          ]}
        />
        <SelectField
          label={q('list.sort')}
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as AgeSort);
            setPage(1);
          }}
          options={[
            { value: 'newest', label: q('list.newest') },
            { value: 'oldest', label: q('list.oldest') },
          ]}
        />
      </div>
      <p role="status" className="sr-only">
        {notice}
      </p>

      {error ? (
        <LoadError
          message={error.message || t('common.errorFallback')}
          onRetry={reload}
          retryLabel={t('common.retry')}
        />
      ) : null}
      {isLoading ? <LoadingState text={t('orders.loading')} /> : null}
      {data && !error && !isLoading && orders.length === 0 ? <EmptyState text={t('orders.empty')} /> : null}

      {orders.length > 0 ? (
        <>
          <p className="text-sm text-gray-700">{t('orders.showing', range)}</p>
          <AdminTable
            caption={t('orders.caption')}
            columns={ORDER_COLUMNS.map((column) => ({
              key: column,
              label: column === 'status' ? q('list.status') : t(`orders.columns.${column}`),
            }))}
            minWidthClassName="min-w-[44rem]"
            isAlignedTop
          >
            {orders.map((order) => (
              <OrderRow
                key={order._id}
                order={order}
                onView={() => setViewing(order)}
                onDelete={() => setDeleting(order)}
              />
            ))}
          </AdminTable>
          <Pagination currentPage={page} totalPages={totalPages} onPageChange={setPage} />
        </>
      ) : null}

      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        question={t('orders.confirmDelete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </div>
  );
}

function OrderRow({ order, onView, onDelete }: { order: Order; onView: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('admin-content');
  const q = useTranslation('quotes').t;
  const href = quotationHref(order.excelFilePath);
  const age = ageOf(order.createdAt, new Date());
  return (
    <tr>
      <td className="px-3 py-2 font-medium">{order.orderId}</td>
      <td className="px-3 py-2">
        <StatusBadge status={order.status} overdue={order.overdue} />
      </td>
      <td className="px-3 py-2">
        <p className="font-medium">
          {order.firstName}
          {order.companyName ? <span className="font-normal">, {order.companyName}</span> : null}
        </p>
        <p className="text-gray-700">
          <BreakableText text={order.email} />
        </p>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {t('orders.itemCount', { count: order.orderDetails.length })}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={order.createdAt} title={formatDateTime(order.createdAt, i18n.language)}>
          {t(`orders.age.${age.unit}`, { count: age.count })}
        </time>
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink
            to={`/orderlist/${encodeURIComponent(order._id)}`}
            variant="primary"
            size="sm"
            aria-label={q('list.openLabel', { orderId: order.orderId })}
          >
            {q('list.open')}
          </ButtonLink>
          <Button
            variant="secondary"
            size="sm"
            onClick={onView}
            aria-label={t('orders.viewLabel', { orderId: order.orderId })}
          >
            {t('orders.view')}
          </Button>
          {href ? (
            <a
              href={href}
              download
              aria-label={t('orders.downloadLabel', { orderId: order.orderId })}
              className="font-medium text-brand-700 underline hover:text-brand-900"
            >
              {t('orders.downloadLink')}
            </a>
          ) : (
            <span className="text-gray-700">{t('orders.noFile')}</span>
          )}
          <Button
            variant="danger"
            size="sm"
            onClick={onDelete}
            aria-label={t('orders.deleteLabel', { orderId: order.orderId })}
          >
            {t('orders.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** Everything the buyer sent, including what the table has no column for (phone, website, message). */
function OrderDetailsDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-content');
  const na = t('common.notAvailable');
  const href = order ? quotationHref(order.excelFilePath) : null;
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? t('orders.detailsTitle', { orderId: order.orderId }) : ''}
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      {order ? (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('orders.fields.name')}</dt>
            <dd>{order.firstName}</dd>
            <dt className="font-semibold">{t('orders.fields.email')}</dt>
            <dd>
              <a className="text-brand-700 underline" href={`mailto:${order.email}`}>
                <BreakableText text={order.email} />
              </a>
            </dd>
            <dt className="font-semibold">{t('orders.fields.phone')}</dt>
            <dd>{order.contactNumber || na}</dd>
            <dt className="font-semibold">{t('orders.fields.company')}</dt>
            <dd>{order.companyName || t('common.dash')}</dd>
            <dt className="font-semibold">{t('orders.fields.website')}</dt>
            <dd>
              <WebsiteLink url={order.companyWebsite} />
            </dd>
            <dt className="font-semibold">{t('orders.fields.country')}</dt>
            <dd>
              <CountryCell code={order.country} />
            </dd>
            <dt className="font-semibold">{t('orders.fields.createdAt')}</dt>
            <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
            <dt className="font-semibold">{t('orders.fields.message')}</dt>
            <dd className="whitespace-pre-line">{order.message || na}</dd>
          </dl>
          <table className="min-w-full divide-y divide-gray-200 text-left">
            <caption className="mb-1 text-left font-semibold">{t('orders.fields.items')}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t('orders.itemColumns.code')}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t('orders.itemColumns.name')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('orders.itemColumns.quantity')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {order.orderDetails.map((line, i) => (
                <tr key={`${line.productId ?? 'gone'}-${i}`}>
                  <td className="py-1 pr-3">{line.sku || na}</td>
                  <td className="py-1 pr-3">{line.name}</td>
                  <td className="py-1 text-right">{line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {href ? (
            <a href={href} download className="inline-block font-medium text-brand-700 underline">
              {t('orders.columns.download')}
            </a>
          ) : (
            <p>{t('orders.noFile')}</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
