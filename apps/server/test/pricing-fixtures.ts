/** The worked examples' costings (docs/pricing.md), kept with the shared package's tests' data. */
export { EXAMPLE_A_COSTING, EXAMPLE_B_COSTING } from '@catalogue/shared/domain/worked-examples';
