import { Extension } from '@tiptap/core';

/** Links keep the `data-type="attachment"` that marks an uploaded file. */
export const AttachmentLink = Extension.create({
  name: 'attachmentLink',
  addGlobalAttributes() {
    return [
      {
        types: ['link'],
        attributes: {
          dataType: {
            default: null,
            parseHTML: (element) => element.getAttribute('data-type'),
            renderHTML: (attributes) =>
              attributes.dataType ? { 'data-type': attributes.dataType } : {},
          },
        },
      },
    ];
  },
});
