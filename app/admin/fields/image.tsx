import { textValue } from '../display.ts';
import { ImageUploader } from '../image-uploader.tsx';
import { FieldError, type WidgetProps } from './widget.tsx';

/** An image: uploaded (or chosen from the library), shown, removable. */
export function ImageWidget({ label, value, onChange, error, errorId }: WidgetProps<'image'>) {
  return (
    <div className="md:col-span-2">
      <ImageUploader label={label} value={textValue(value)} onChange={onChange} />
      <FieldError error={error} errorId={errorId} />
    </div>
  );
}
