import type { LocaleArea } from '@/i18n/types';

const deviceType: LocaleArea<'deviceType'> = {
  route: {
    group: '機器タイプ',
    typeConfig: 'コントローラータイプ',
    typeEvents: '種別イベント',
    typeProtocol: 'プロトコル文書',
    chart: 'グラフ',
    relation: 'モデルコード',
    permissionTemplates: '権限テンプレート',
    typeEdit: 'コントローラタイプの編集',
    typeUpload: 'レジスタマップのアップロード',
    permissionModify: '権限テンプレートの編集',
    ckConfig: 'CKコード',
    typePage: 'ページ設定',
    ckModel: 'CKコードのタイプ',
  },
};
export default deviceType;
