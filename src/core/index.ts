// The engine's public surface: what the worker, the CLI and the tests use.
export { assemble, partition, type PartitionEvent, type PartitionRequest, type Stage } from './partition.ts';
export * from './contract/index.ts';
export { renderHtml, renderMarkdown } from './render/index.ts';
export { restructureTables, type TablePage, type TableRerunRequest, type TableRerunResponse } from './tables/restructure.ts';
