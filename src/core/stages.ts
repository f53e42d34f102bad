// The pipeline's stages, in order. Adding a capability = adding its stage here.
import { chunkingStage } from './chunking/index.ts';
import { imagesStage } from './images/index.ts';
import { layoutStage, runningMatterStage } from './layout/index.ts';
import { ocrStage } from './ocr/stage.ts';
import { tablesStage } from './tables/index.ts';
import type { DocumentStage, PageStage } from './stage.ts';

export const PAGE_STAGES: readonly PageStage[] = [ocrStage, tablesStage, layoutStage, imagesStage];

export const DOCUMENT_STAGES: readonly DocumentStage[] = [runningMatterStage, chunkingStage];
