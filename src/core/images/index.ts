// The images stage (after layout): with extract_images, each Image element gets its pixels rendered
// from the page and cropped to its box, encoded in extract_image_format and base64'd into
// binary_representation, with image_size/image_mode/image_format in its properties; with
// associate_captions, its caption.
import type { Element } from '../contract/types.ts';
import { renderContent } from '../ocr/stage.ts';
import type { PageStage } from '../stage.ts';
import { associateCaptions } from './captions.ts';
import { cropToBox } from './crop.ts';
import { encodeImage, toBase64 } from './encode.ts';

export { associateCaptions } from './captions.ts';
export { encodeImage, encodePpm, toBase64, type RgbImage } from './encode.ts';
export { cropToBox } from './crop.ts';

/**
 * Resolution images are rendered at: twice the page's 72 dpi, enough to read small print in a
 * figure, without making a full page of images tens of megabytes of base64.
 */
export const IMAGE_DPI = 144;

export const imagesStage: PageStage = {
  name: 'images',
  async run(state, ctx) {
    const { extract_images, image_extraction_options: opts } = ctx.options;
    let elements: Element[] = state.elements;
    if (!elements.some((e) => e.type === 'Image')) return state;
    if (extract_images) {
      const raster = await renderContent(state.content, IMAGE_DPI, ctx);
      const format = opts.extract_image_format;
      elements = elements.map((e) => {
        if (e.type !== 'Image') return e;
        const pixels = cropToBox(raster, e.bbox);
        return {
          ...e,
          properties: { ...e.properties, image_size: [pixels.width, pixels.height], image_mode: 'RGB', image_format: format.toUpperCase() },
          binary_representation: toBase64(encodeImage(pixels, format)),
        };
      });
    }
    if (opts.associate_captions) elements = associateCaptions(elements);
    return { ...state, elements };
  },
};
