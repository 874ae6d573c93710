import { describe, expect, it } from 'vitest';
import { componentTypeMetadata, componentTypeNames, isSimulatedType, MAX_LONG } from './index';

describe('component type catalogue', () => {
  it('describes Picklist with the spec limits, in endpoint 9 shape', () => {
    const p = componentTypeMetadata('Picklist')!;
    expect(p).toMatchObject({ name: 'Picklist', class: 'metadata', abbreviation: 'PKL', active: true });
    expect(p.attributes.find((a) => a.name === 'label')).toEqual({ name: 'label', type: 'String', requiredness: 'required', max_length: 40, editable: true, multi_value: false });
    const entry = p.sub_components.find((s) => s.name === 'Picklistentry')!;
    expect(entry.json_collection_name).toBe('Picklistentry');
    expect(entry.attributes.find((a) => a.name === 'value')).toMatchObject({ max_length: 128, requiredness: 'required' });
    expect(entry.attributes.find((a) => a.name === 'order')).toMatchObject({ type: 'Number', min_value: 0, max_value: MAX_LONG, scale: 0 });
  });

  it('is consistent: every type has name and label; references and enums are well formed', () => {
    const names = componentTypeNames();
    expect(names).toEqual(['Picklist', 'Docfield', 'Doctype', 'Doclifecycle', 'Object', 'Renditiontype', 'Formattedoutput', 'Overlaytemplate', 'Signaturepage', 'Docrelationshiptype', 'Documenttemplate', 'Tab']);
    for (const name of names) {
      const type = componentTypeMetadata(name)!;
      expect(type.attributes.slice(0, 2).map((a) => a.name)).toEqual(['name', 'label']);
      for (const a of [...type.attributes, ...type.sub_components.flatMap((s) => s.attributes)]) {
        if (a.type === 'Component') expect(names).toContain(a.component);
        if (a.type === 'Enum') expect(a.enums?.length).toBeGreaterThan(0);
      }
    }
    expect(componentTypeMetadata('Signaturepage')!.attributes.find((a) => a.type === 'File')?.name).toBe('file');
    expect(componentTypeMetadata('Formattedoutput')!.attributes.find((a) => a.type === 'File')?.name).toBe('template');
  });

  it('looks types up exactly, then case-insensitively', () => {
    expect(componentTypeMetadata('picklist')?.name).toBe('Picklist');
    expect(isSimulatedType('Workflow')).toBe(false);
  });
});
