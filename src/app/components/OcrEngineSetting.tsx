import { OCR_ENGINE_SETTINGS, useSettings, type OcrEngineSetting } from '../stores/settings-store.ts';

const LABELS: Record<OcrEngineSetting, string> = {
  auto: 'By language (PP-OCR for Chinese, else tesseract)',
  tesseract: 'tesseract.js',
  ppocr: 'PP-OCR (onnxruntime-web)',
};

/** Which engine reads scans: an app setting, like the CLI's --ocr-engine (not an option of the spec). */
export function OcrEngineSetting() {
  const engine = useSettings((s) => s.ocrEngine);
  const setEngine = useSettings((s) => s.setOcrEngine);
  return (
    <div className="ocr-engine">
      <label htmlFor="ocr-engine-setting">OCR engine</label>
      <select id="ocr-engine-setting" value={engine} onChange={(e) => setEngine(e.target.value as OcrEngineSetting)}>
        {OCR_ENGINE_SETTINGS.map((k) => (
          <option key={k} value={k}>
            {LABELS[k]}
          </option>
        ))}
      </select>
    </div>
  );
}
