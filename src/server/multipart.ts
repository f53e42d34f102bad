// multipart/form-data -> the partition form, with busboy (streaming, well kept, size limits).
// Malformed forms are a 422, an oversized file a 413, as request errors of the conventions.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { RequestError, type PartitionForm } from '../service/index.ts';

export function parseMultipart(req: IncomingMessage, maxFileBytes: number): Promise<PartitionForm> {
  const length = Number(req.headers['content-length'] ?? 0);
  // A little room over the file limit for the other fields and the multipart framing.
  if (length > maxFileBytes + 1024 * 1024) return Promise.reject(tooLarge(maxFileBytes));
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: maxFileBytes, files: 1, fields: 16, fieldSize: 1024 * 1024 } });
    } catch (err) {
      reject(new RequestError(422, `The request must be multipart/form-data with a "file" or "file_url" field (${(err as Error).message}).`));
      return;
    }
    const form: PartitionForm = {};
    let failed: RequestError | null = null;
    const fail = (e: RequestError) => {
      if (failed) return;
      failed = e;
      req.unpipe(bb);
      req.resume(); // drain what is left so the response can be written
      reject(e);
    };
    bb.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(tooLarge(maxFileBytes)));
      stream.on('error', (err: Error) => fail(new RequestError(422, `The multipart form could not be parsed: ${err.message}`)));
      stream.on('end', () => {
        const buf = Buffer.concat(chunks);
        form.file = { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), name: info.filename || 'document', type: info.mimeType };
      });
    });
    bb.on('field', (name, value) => {
      if (name === 'file_url') form.file_url = value;
      else if (name === 'options') form.options = value;
      else if (name === 'file') fail(new RequestError(400, 'The "file" field must be a file upload, not text.'));
    });
    bb.on('error', (err) => fail(new RequestError(422, `The multipart form could not be parsed: ${(err as Error).message}`)));
    bb.on('close', () => {
      if (!failed) resolve(form);
    });
    req.on('error', (err) => fail(new RequestError(400, `The upload failed: ${err.message}`)));
    req.pipe(bb);
  });
}

function tooLarge(maxFileBytes: number): RequestError {
  return new RequestError(413, `The file is too large: the limit is ${Math.round(maxFileBytes / 1024 / 1024)} MB.`, { connection: 'close' });
}

export function readJsonBody(req: IncomingMessage, maxBytes = 1024 * 1024): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        req.destroy();
        reject(new RequestError(413, 'The JSON body is too large.'));
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve(null);
      try {
        resolve(JSON.parse(text));
      } catch (err) {
        reject(new RequestError(422, `The body is not valid JSON: ${(err as Error).message}`));
      }
    });
    req.on('error', (err) => reject(new RequestError(400, `The request failed: ${err.message}`)));
  });
}
