import type { LocaleArea } from '@/i18n/types';

/** /device-type/type-config/upload/{id}/{language} (issue 20). */
const typeUpload: LocaleArea<'typeUpload'> = {
  title: '上传 {code} 的寄存器表',
  language: '语言',
  template: '下载模板',
  help: '模板即当前寄存器表，每行一个寄存器，名称为{language}。编辑后以 .xlsx 或 .csv（不超过 {size} KB）上传：系统会读取并检查，应用前不保存任何内容。文件中没有的列保留各寄存器原有的值；选项和位保持不变。',
  choose: '选择文件…',
  nothingSaved: '未保存任何内容。',
  previewTitle: '文件内容：{count} 个寄存器',
  apply: '应用为版本 {version}',
  problems: '{count} 个问题：请修正文件后重新上传，未保存任何内容',
  namesCopied: '{count} 个新寄存器的各语言名称均沿用{language}名称：请在编辑器中翻译。',
  changes: '相对当前版本的修改',
  coding: '字',
  words: '{count} 个字',
  yes: '是',
  no: '否',
};

export default typeUpload;
