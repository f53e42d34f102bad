// Layout analysis of one page: text runs -> lines -> blocks -> labelled, scored elements.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element } from '../contract/types.ts';
import { normalize } from '../geometry.ts';
import type { PageContent } from '../pdf/types.ts';
import type { PageStage } from '../stage.ts';
import { buildBlocks } from './blocks.ts';
import { labelPage, type Labelled } from './label.ts';
import { buildLines } from './lines.ts';
import { promoteTitle } from './promote-title.ts';
import { joinLines } from './text.ts';
import { applyThreshold } from './threshold.ts';

export { applyThreshold } from './threshold.ts';
export { joinLines } from './text.ts';

function toElement(l: Labelled, page: PageContent, options: ResolvedOptions): Element {
  const properties: Element['properties'] = { score: l.score, page_number: page.pageNumber };
  if (l.type === 'Image') Object.assign(properties, { image_size: null, image_mode: null, image_format: null });
  if (l.type === 'table') Object.assign(properties, { title: null, columns: null, rows: null });
  return {
    type: l.type,
    bbox: normalize(l.rect, page.width, page.height),
    properties,
    text_representation: joinLines(l.lines, options.text_extraction_options.remove_line_breaks),
  };
}

export function layoutPage(page: PageContent, options: ResolvedOptions): Element[] {
  let labelled = labelPage(page, buildBlocks(buildLines(page.textRuns)));
  const labels = options.output_label_options;
  if (labels.promote_title && page.pageNumber === 1) labelled = promoteTitle(labelled, labels.title_candidate_elements);
  return applyThreshold(
    labelled.map((l) => toElement(l, page, options)),
    options.threshold,
  );
}

export const layoutStage: PageStage = {
  name: 'layout',
  run: (state, ctx) => ({ ...state, elements: layoutPage(state.content, ctx.options) }),
};
