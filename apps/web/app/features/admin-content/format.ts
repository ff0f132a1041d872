// The date helpers live in `~/lib/format-date` (the admin and the buyer screens share them); this
// name stays for code written before the move.
export { formatDate, formatDateTime } from '~/lib/format-date';
