// App settings that are not options of the spec (the spec's options are in options-store): which
// OCR engine reads scans. Persisted in localStorage like the options.
import { create } from 'zustand';

/** `auto`: by language (PP-OCR for Chinese, tesseract otherwise), as the CLI without --ocr-engine. */
export type OcrEngineSetting = 'auto' | 'tesseract' | 'ppocr';
export const OCR_ENGINE_SETTINGS: readonly OcrEngineSetting[] = ['auto', 'tesseract', 'ppocr'];

const KEY = 'tessera.settings.ocrEngine';

function load(): OcrEngineSetting {
  try {
    const v = localStorage.getItem(KEY);
    return OCR_ENGINE_SETTINGS.includes(v as OcrEngineSetting) ? (v as OcrEngineSetting) : 'auto';
  } catch (err) {
    console.warn('The OCR engine setting could not be read from localStorage; using auto', err);
    return 'auto';
  }
}

interface SettingsState {
  ocrEngine: OcrEngineSetting;
  setOcrEngine(engine: OcrEngineSetting): void;
}

export const useSettings = create<SettingsState>((set) => ({
  ocrEngine: load(),
  setOcrEngine(engine) {
    try {
      localStorage.setItem(KEY, engine);
    } catch (err) {
      console.warn('The OCR engine setting could not be saved in localStorage', err);
    }
    set({ ocrEngine: engine });
  },
}));

/** The engine name the worker is told to prefer (undefined: choose by language). */
export function preferredEngine(setting: OcrEngineSetting): string | undefined {
  return setting === 'auto' ? undefined : setting;
}
