import { data } from 'react-router';
import { ErrorPage } from '~/components/error-page';

/** Any path the route table does not know: a real 404, shown by the root error boundary (title included). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
