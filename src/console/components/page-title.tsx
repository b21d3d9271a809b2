// A page's heading: the document's title too, and where the keyboard's focus goes when the page opens,
// so that a screen reader announces the new page and Tab starts from its top.
import { useEffect, useRef } from 'preact/hooks';
import { useTexts } from '../i18n.ts';

export function PageTitle({ children, id }: { readonly children: string; readonly id?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useTexts();
  useEffect(() => {
    document.title = `${children} · ${t('consoleName')}`;
    heading.current?.focus();
  }, [children, t]);
  return (
    <h1 ref={heading} id={id} tabIndex={-1}>
      {children}
    </h1>
  );
}
