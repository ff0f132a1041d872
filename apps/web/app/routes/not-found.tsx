import { data } from 'react-router';
import { ErrorPage } from '~/components/error-page';

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function meta() {
  return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
}
