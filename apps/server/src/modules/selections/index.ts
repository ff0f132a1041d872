// The selections module's surface (docs/architecture.md, "Server modules").
export { makeLineSheetWorkbook } from './line-sheet-workbook.ts';
export { rememberedTokens } from './link-memory.ts';
export {
  heldLinkPages,
  selectionFileRoutes,
  selectionPageLimits,
  selectionsRoutes,
  sharedSelectionRoutes,
} from './selections.routes.ts';
export { createSelectionsService } from './selections.service.ts';
