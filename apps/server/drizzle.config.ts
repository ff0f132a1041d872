import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file of the folder (columns.ts holds only column helpers, no table).
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
