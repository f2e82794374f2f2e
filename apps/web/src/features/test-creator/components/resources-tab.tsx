import { useId } from 'react';
import { FilePlus2, ImageUp, Trash2 } from 'lucide-react';
import { resourceTypeLabels, testCreatorMessages, type Resource } from '@korrigo/domain';
import {
  Button,
  Card,
  CardContent,
  EmptyState,
  FormField,
  Input,
  Select,
  Textarea,
  toast,
} from '@/components/ui';
import { ResourceImage } from './resource-image';

/** Uploaded images are embedded in the test; small enough for the 200 000-character content field. */
export const maxImageBytes = 140 * 1024;
const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

type ResourcesTabProps = {
  resources: Resource[];
  onAdd: () => void;
  onChange: (resource: Resource) => void;
  onRemove: (id: string) => void;
};

function ResourceCard({
  resource,
  index,
  onChange,
  onRemove,
}: {
  resource: Resource;
  index: number;
  onChange: (resource: Resource) => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  const fileId = useId();
  const name = resource.title.trim() || `${resourceTypeLabels[resource.type]} ${index + 1}`;

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (!imageTypes.includes(file.type)) return toast.error(testCreatorMessages.imageInvalid);
    if (file.size > maxImageBytes) return toast.error(testCreatorMessages.imageTooLarge);
    const reader = new FileReader();
    reader.onload = () => onChange({ ...resource, content: String(reader.result) });
    reader.readAsDataURL(file);
  };

  return (
    <Card role="group" aria-labelledby={headingId} data-testid="resource-card">
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Ressource {index + 1}
          </h3>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Ressource „${name}“ entfernen`}>
            <Trash2 aria-hidden="true" />
            Entfernen
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <FormField label="Typ">
            <Select
              value={resource.type}
              onChange={(event) => onChange({ ...resource, type: event.target.value as Resource['type'] })}
            >
              {(Object.keys(resourceTypeLabels) as Resource['type'][]).map((type) => (
                <option key={type} value={type}>
                  {resourceTypeLabels[type]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Titel">
            <Input
              value={resource.title}
              maxLength={300}
              onChange={(event) => onChange({ ...resource, title: event.target.value })}
            />
          </FormField>
        </div>
        {resource.type === 'image' ? (
          <div className="flex flex-col gap-3">
            <FormField
              label="Bildadresse (URL)"
              hint="Oder laden Sie ein Bild hoch (JPG, PNG, GIF, WEBP, höchstens 140 KB)."
            >
              <Input
                value={resource.content.startsWith('data:') ? '' : resource.content}
                placeholder={resource.content.startsWith('data:') ? 'Hochgeladenes Bild' : 'https://…'}
                maxLength={2000}
                onChange={(event) => onChange({ ...resource, content: event.target.value })}
              />
            </FormField>
            <div>
              <label htmlFor={fileId} className="sr-only">
                Bild hochladen
              </label>
              <input
                id={fileId}
                type="file"
                accept={imageTypes.join(',')}
                className="hidden"
                onChange={(event) => {
                  upload(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <Button variant="secondary" size="sm" onClick={() => document.getElementById(fileId)?.click()}>
                <ImageUp aria-hidden="true" />
                Bild hochladen
              </Button>
            </div>
            <ResourceImage content={resource.content} alt={`Vorschau: ${name}`} />
          </div>
        ) : (
          <FormField label={resource.type === 'citation' ? 'Zitat' : 'Inhalt'}>
            <Textarea
              value={resource.content}
              rows={4}
              onChange={(event) => onChange({ ...resource, content: event.target.value })}
            />
          </FormField>
        )}
        <FormField label="Quelle">
          <Input
            value={resource.source}
            maxLength={500}
            onChange={(event) => onChange({ ...resource, source: event.target.value })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

/** spec 001 §2 'Resources': text, citation or image with title, content and source. */
export function ResourcesTab({ resources, onAdd, onChange, onRemove }: ResourcesTabProps) {
  const addButton = (
    <Button variant="secondary" className="self-start" onClick={onAdd}>
      <FilePlus2 aria-hidden="true" />
      Ressource hinzufügen
    </Button>
  );
  if (resources.length === 0) {
    return <EmptyState icon={FilePlus2} title={testCreatorMessages.noResources} action={addButton} />;
  }
  return (
    <div className="flex flex-col gap-4">
      {resources.map((resource, index) => (
        <ResourceCard
          key={resource.id}
          resource={resource}
          index={index}
          onChange={onChange}
          onRemove={() => onRemove(resource.id)}
        />
      ))}
      {addButton}
    </div>
  );
}
