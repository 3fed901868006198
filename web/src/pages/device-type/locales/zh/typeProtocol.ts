/** /device-type/type-config/protocol/{id}/{alias}/{language}：类型的协议文档（issue 20）。 */
export default {
  title: '{code} 的协议',
  notFound: '没有这个控制器类型、版本或语言。',
  name: '名称',
  saved: '保存',
  open: '协议',
};
