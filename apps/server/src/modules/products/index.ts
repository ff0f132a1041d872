// The products module's surface (docs/architecture.md, "Server modules").
export { checkSearchText } from './catalogue-scopes.ts';
export { galleryColumn, type GalleryRow } from './gallery.repository.ts';
export { galleryRoutes } from './gallery.routes.ts';
export { toProductImages } from './gallery.service.ts';
export { toProduct } from './product-answer.ts';
export {
  columnsOfFields,
  fieldsOfRow,
  fromJson,
  productColumns,
  productTableColumns,
  type ProductRow,
  type ProductValues,
} from './product-row.repository.ts';
export { insertProducts, updateProducts } from './product-writes.repository.ts';
export { readCatalogueVersion } from './products.repository.ts';
export { productRoutes } from './products.routes.ts';
export { createCatalogueService } from './products.service.ts';
export { bytesToUuid, CODE_START, foldText, NAME_START, uuidToBytes } from './search-index.ts';
