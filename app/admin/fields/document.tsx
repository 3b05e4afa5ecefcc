import { lazy, Suspense } from 'react';
import { useAdmin } from '../admin-context.tsx';
import { objectValue } from '../display.ts';
import { Framed, type WidgetProps } from './widget.tsx';

/** The rich-text editor, loaded when a form with a document field opens (never on the public site). */
const DocumentEditor = lazy(() => import('../document-editor.tsx'));

/** A document in each language: one editor per language, so switching the language opens that language's document. */
export function DocumentWidget(props: WidgetProps<'document'>) {
  const { t } = useAdmin();
  const { id, value, onChange, active, error, errorId, onBlock, pointAt } = props;
  const documents = objectValue(value);
  return (
    <Framed props={props} wide>
      <Suspense fallback={<p className="mt-1 text-sm text-slate-600">{t('editor.loading')}</p>}>
        <DocumentEditor
          key={active}
          id={id}
          lang={active}
          value={documents[active]}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          onChange={(doc) => onChange({ ...documents, [active]: doc })}
          onBlock={onBlock}
          pointAt={pointAt}
        />
      </Suspense>
    </Framed>
  );
}
