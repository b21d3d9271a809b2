// A reprinted label (ConsoleService reprintLabels) shown as what it is: a PDF in the page, ZPL as its
// text and a rendered preview, the e-label PNG as an image; each downloadable as the file it is.
import { useEffect, useMemo } from 'preact/hooks';
import { bytesOf } from '../format.ts';
import { useTexts } from '../i18n.ts';
import { ZplPreview } from './zpl-preview.tsx';
import type { ResultOf } from '../api.ts';

/** One label as reprintLabels answers it. */
/** One label as reprintLabels answers it. */
export type ReprintedLabel = NonNullable<ResultOf<'reprintLabels'>['label']>[number];

/** An object URL of `bytes`, revoked when the view goes. */
function useObjectUrl(base64: string | null | undefined, type: string): string | undefined {
  const url = useMemo(() => (base64 == null ? undefined : URL.createObjectURL(new Blob([bytesOf(base64)], { type }))), [base64, type]);
  useEffect(
    () => () => {
      if (url !== undefined) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

function Download({ url, file }: { readonly url: string; readonly file: string }) {
  const { t } = useTexts();
  return (
    <a class="button secondary" href={url} download={file}>
      {t('download', { file })}
    </a>
  );
}

export function LabelView({ label, resolution }: { readonly label: ReprintedLabel; readonly resolution: number }) {
  const { t } = useTexts();
  const zpl = label.printerLanguage === 'ZPL';
  const documentUrl = useObjectUrl(label.parcellabelsPDF, zpl ? 'text/plain' : 'application/pdf');
  const pngUrl = useObjectUrl(label.parcellabelsPNG_qr, 'image/png');
  const zplText = useMemo(
    () => (zpl && label.parcellabelsPDF != null ? new TextDecoder().decode(bytesOf(label.parcellabelsPDF)) : undefined),
    [zpl, label.parcellabelsPDF],
  );
  const number = label.parcelLabelNumber;
  if (documentUrl === undefined && pngUrl === undefined) return <p>{t('noLabel')}</p>;
  return (
    <div class="labels">
      {documentUrl !== undefined && zplText !== undefined ? (
        <section class="label-part" aria-labelledby="label-zpl">
          <h3 id="label-zpl">{t('labelZpl')}</h3>
          <div class="zpl">
            <div>
              <h4 id="zpl-text-title">{t('zplText')}</h4>
              <pre class="code" tabIndex={0} aria-labelledby="zpl-text-title">
                {zplText}
              </pre>
            </div>
            <ZplPreview zpl={zplText} paperFormat={label.paperFormat} resolution={resolution} />
          </div>
          <Download url={documentUrl} file={`label-${number}.zpl`} />
        </section>
      ) : null}
      {documentUrl !== undefined && zplText === undefined ? (
        <section class="label-part" aria-labelledby="label-pdf">
          <h3 id="label-pdf">{t('labelPdf')}</h3>
          <object class="label-pdf" data={documentUrl} type="application/pdf" aria-label={t('labelPdf')}>
            <p>{t('pdfFallback')}</p>
          </object>
          <Download url={documentUrl} file={`label-${number}.pdf`} />
        </section>
      ) : null}
      {pngUrl !== undefined ? (
        <section class="label-part" aria-labelledby="label-png">
          <h3 id="label-png">{t('eLabel')}</h3>
          <img class="label-image e-label" src={pngUrl} alt={t('eLabelAlt', { number })} />
          <Download url={pngUrl} file={`e-label-${number}.png`} />
        </section>
      ) : null}
    </div>
  );
}
