// Reads QR codes from camera frames and pictures with zxing-cpp (zxing-wasm), decision 0920:
// zxing's JavaScript port misses about one card code in ten even on a perfect picture (a
// look-alike of a corner in the data wins over the true corner). The wasm file is served from
// our origin and precached, so the booth scanner reads with no network.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

const options: ReaderOptions = { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 };

let prepared = false;

function prepareFromOrigin(): void {
  if (prepared) return;
  prepared = true;
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm')
          ? new URL(readerWasmUrl, globalThis.location.href).href
          : prefix + path,
    },
  });
}

/** Where there is no origin to fetch from (Node tests): the module's bytes themselves. */
export function prepareQrReaderWith(wasmBinary: ArrayBuffer): void {
  prepared = true;
  prepareZXingModule({ overrides: { wasmBinary } });
}

/** The text of the first QR code in a frame or a picture file, or null when there is none. */
export async function readQrText(image: ImageData | Blob): Promise<string | null> {
  prepareFromOrigin();
  const [first] = await readBarcodes(image, options);
  return first?.isValid ? first.text : null;
}
