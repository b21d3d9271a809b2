// A ZPL label rendered in the browser, as a label printer would print it: zebrash (zpl-renderer-js, a
// WebAssembly build) loaded only when a ZPL label is shown, from the console's own files.
import { useEffect, useState } from 'preact/hooks';
import { useTexts } from '../i18n.ts';

/** Paper sizes in mm (ZPL labels are A6 only; docs/decisions.md "Labels on the wire"). */
const PAPER_MM: Readonly<Record<string, { width: number; height: number }>> = { A6: { width: 105, height: 148 } };
/** Dots per mm of each printer resolution the service prints for. */
const DOTS_PER_MM: Readonly<Record<number, number>> = { 203: 8, 300: 12, 600: 24 };

export function ZplPreview({
  zpl,
  paperFormat,
  resolution,
}: {
  readonly zpl: string;
  readonly paperFormat: string;
  readonly resolution: number;
}) {
  const { t } = useTexts();
  const [images, setImages] = useState<readonly string[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    const size = PAPER_MM[paperFormat] ?? PAPER_MM.A6;
    import('zpl-renderer-js')
      .then(({ ready }) => ready)
      .then(({ api }) => api.zplToBase64MultipleAsync(zpl, size.width, size.height, DOTS_PER_MM[resolution] ?? 8))
      .then(
        (pngs) => {
          if (current) setImages(pngs);
        },
        (caught: unknown) => {
          if (current) setError(caught instanceof Error ? caught.message : String(caught));
        },
      );
    return () => {
      current = false;
    };
  }, [zpl, paperFormat, resolution]);
  if (error !== undefined) {
    return (
      <p class="message error" role="alert">
        {t('previewFailed', { message: error })}
      </p>
    );
  }
  if (images === undefined) return <p role="status">{t('rendering')}</p>;
  return (
    <div class="zpl-preview">
      {images.map((png, index) => (
        <img key={index} class="label-image" src={`data:image/png;base64,${png}`} alt={t('zplPreview')} />
      ))}
    </div>
  );
}
