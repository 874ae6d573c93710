/**
 * A small, complete sample configuration (every simulated type, references between them), as the
 * plain records createRegistry() takes. Used by tests; also an example for fixture authors.
 */
export function sampleRecords(): unknown[] {
  return [
    { type: 'Renditiontype', name: 'viewable_rendition__v', attributes: { label: 'Viewable Rendition', active: true } },
    {
      type: 'Picklist',
      name: 'color__c',
      attributes: { label: 'Color', active: true },
      subcomponents: {
        Picklistentry: [
          { name: 'red__c', attributes: { value: 'Red', order: 0, active: true } },
          { name: 'green__c', attributes: { value: 'Green', order: 1 } },
          { name: 'max__c', attributes: { value: 'Max', order: '9223372036854775807' } },
        ],
      },
    },
    {
      type: 'Doclifecycle',
      name: 'general_lifecycle__c',
      attributes: { label: 'General Lifecycle', active: true },
      subcomponents: {
        Doclifecyclestate: [
          { name: 'draft__c', attributes: { label: 'Draft', order: 0 } },
          { name: 'approved__c', attributes: { label: 'Approved', order: 1, state_type: 'steady_state' } },
          { name: 'obsolete__c', attributes: { label: 'Obsolete', order: 2, state_type: 'obsolete_state' } },
        ],
      },
    },
    {
      type: 'Object',
      name: 'product__v',
      attributes: { label: 'Product', label_plural: 'Products', active: true },
      subcomponents: {
        Field: [
          { name: 'name__v', attributes: { label: 'Name', type: 'String', required: true, max_length: 128 } },
          { name: 'color__c', attributes: { label: 'Color', type: 'Picklist', picklist: 'Picklist.color__c', multi_value: true } },
          { name: 'parent__c', attributes: { label: 'Parent', type: 'Object', object: 'product__v' } },
        ],
      },
    },
    {
      type: 'Doctype',
      name: 'base_document__v',
      attributes: { label: 'Base Document', active: true, available_lifecycles: ['Doclifecycle.general_lifecycle__c'] },
    },
    {
      type: 'Doctype',
      name: 'promotional__c',
      attributes: {
        label: 'Promotional Piece',
        active: true,
        parent: 'Doctype.base_document__v',
        rendition_types: ['Renditiontype.viewable_rendition__v'],
        fields: ['Docfield.product__v'],
      },
    },
    { type: 'Doctype', name: 'advertisement__c', attributes: { label: 'Advertisement', parent: 'Doctype.promotional__c' } },
    { type: 'Doctype', name: 'print__c', attributes: { label: 'Print', parent: 'Doctype.advertisement__c', description: 'Classification' } },
    { type: 'Docfield', name: 'name__v', attributes: { label: 'Name', type: 'String', required: true, max_length: 100, queryable: true } },
    {
      type: 'Docfield',
      name: 'product__v',
      attributes: { label: 'Product', type: 'ObjectReference', object: 'Object.product__v', shared: true, multi_value: true, relationship_type: 'reference' },
    },
    {
      type: 'Docfield',
      name: 'color__c',
      attributes: { label: 'Color', type: 'Picklist', picklist: 'Picklist.color__c', defined_in: 'Doctype.promotional__c', help_content: "It's a colour" },
    },
    { type: 'Docfield', name: 'budget__c', attributes: { label: 'Budget', type: 'Number', min_value: 0, max_value: 1000000, scale: 2 } },
    { type: 'Signaturepage', name: 'standard_page__c', attributes: { label: 'Standard Page', file: 'page.pdf' } },
  ];
}
