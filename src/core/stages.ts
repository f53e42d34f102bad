// The pipeline's stages, in order. Adding a capability = adding its stage here.
import { layoutStage } from './layout/index.ts';
import type { DocumentStage, PageStage } from './stage.ts';

export const PAGE_STAGES: readonly PageStage[] = [layoutStage];

export const DOCUMENT_STAGES: readonly DocumentStage[] = [];
