/** /device-type/type-config/protocol/{id}/{alias}/{language}：種別のプロトコル文書（issue 20）。 */
export default {
  title: '{code} のプロトコル',
  notFound: 'そのコントローラ種別、バージョン、言語はありません。',
  name: '名前',
  saved: '保存',
  open: 'プロトコル',
};
