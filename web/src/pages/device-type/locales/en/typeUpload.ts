/** /device-type/type-config/upload/{id}/{language}: a type's register map uploaded in one language (issue 20). */
export default {
  title: 'Upload the register map of {code}',
  language: 'Language',
  template: 'Download template',
  help: 'The template is the map as it is, one register a row, with the names in {language}. Edit it and upload it back as .xlsx or .csv (at most {size} KB): it is read and checked, nothing is saved until you apply it. Columns the file leaves out keep what each register holds; options and bits are kept.',
  choose: 'Choose a file…',
  nothingSaved: 'Nothing was saved.',
  previewTitle: '{count, plural, one {What the file makes: # register} other {What the file makes: # registers}}',
  apply: 'Apply as version {version}',
  problems:
    '{count, plural, one {# problem: fix the file and upload it again; nothing is saved} other {# problems: fix the file and upload it again; nothing is saved}}',
  namesCopied:
    '{count, plural, one {# new register is} other {# new registers are}} named in every language as in {language}: translate them in the editor.',
  changes: 'Changes against the current version',
  coding: 'Words',
  words: '{count, plural, one {# word} other {# words}}',
  yes: 'Yes',
  no: 'No',
};
