import type { LocaleArea } from '@/i18n/types';

const deviceType: LocaleArea<'deviceType'> = {
  route: {
    group: '设备类型',
    typeConfig: '控制器类型',
    typeEvents: '类型事件',
    typeProtocol: '协议文档',
    chart: '图表',
    relation: '型号编码',
    permissionTemplates: '权限模板',
    typeEdit: '编辑控制器类型',
    typeUpload: '上传寄存器表',
    permissionModify: '编辑权限模板',
    ckConfig: 'CK码',
    typePage: '页面配置',
    ckModel: 'CK码的类型',
  },
};
export default deviceType;
