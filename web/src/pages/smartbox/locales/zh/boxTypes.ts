import type { LocaleArea } from '@/i18n/types';

const boxTypes: LocaleArea<'boxTypes'> = {
  tab: '盒子类型',
  list: {
    title: '盒子类型',
    help: '每个盒子类型都有一份配置：其盒子持有的参数及默认值和范围。注册时首次出现的类型会自动加入此处。',
    search: '盒子类型',
    code: '盒子类型',
    version: '配置',
    none: '尚无',
    params: '参数',
    boxes: '盒子数',
    saved: '保存时间',
    release: '发行版',
    configure: '配置',
    protocol: '协议',
    total: '共 {total} 个盒子类型',
  },
  upload: {
    title: '{code} 的配置',
    language: '文件语言',
    template: '下载模板',
    help: '下载模板，编辑后以 .xlsx 或 .csv 上传（最大 {size} KB）。名称和说明按{language}读取；参数在其他语言中的名称保持不变。应用之前不会保存任何内容。',
    choose: '选择文件',
    nothingSaved: '未保存任何内容。',
    previewTitle: '读取了 {count} 个参数',
    apply: '应用为版本 {version}',
    problems: '有 {count} 个问题需先修正',
    namesCopied: '{count} 个新参数在其他语言中的名称沿用了{language}名称：请也上传这些语言的文件。',
    changes: '与使用中版本相比的变更',
    saved: '{code}：已保存配置版本 {version}。',
    diff: {
      none: '没有变更。',
      added: '新增 {count} 个参数',
      removed: '删除 {count} 个参数',
      changed: '修改 {count} 个参数',
    },
  },
  protocol: {
    title: '{code} 的协议',
    notFound: '没有这个盒子类型、版本或语言。',
    back: '返回盒子类型',
    saved: '保存时间',
    params: '参数',
    empty: '此盒子类型尚无配置。',
  },
};
export default boxTypes;
