// The service core's public surface, for the adapters (src/sw, src/server) and the app.
export { Service, PARTITION_ACTION, TASK_RETENTION_MS, type ServiceDeps, type AuthResult } from './service.ts';
export { DEFAULT_DOCSET, validId } from './docsets.ts';
export { JobQueue } from './job-queue.ts';
export { MemoryDocSetStore, MemorySettingsStore, MemoryTaskStore } from './memory-stores.ts';
export type * from './stores.ts';
export * from './types.ts';
export { STATUS_PREAMBLE } from './response-stream.ts';
export { deliverWebhook, DEFAULT_WEBHOOK_POLICY, type WebhookPolicy } from './webhooks.ts';
export { directEngine } from './direct-engine.ts';
