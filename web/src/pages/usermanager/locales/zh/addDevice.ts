import type { LocaleArea } from '@/i18n/types';

const addDevice: LocaleArea<'addDevice'> = {
  boxId: '盒子ID',
  boxIdHelp: '云盒标签上的编号。',
  ck: 'CK码',
  ckHelp: '标签上盒子ID旁边的四位数字。',
  submit: '添加设备',
  done: '盒子 {boxId} 已归您所有：{count} 台设备。',
  doneFor: '盒子 {boxId} 已归 {owner} 所有：{count} 台设备。',
  noDevicesYet: '盒子上线后，其设备会显示在这里。',
  scan: {
    camera: '扫描标签',
    photo: '上传标签照片',
    cameraTitle: '将二维码标签对准摄像头',
    noCamera: '无法打开摄像头。请在浏览器中允许使用，或上传标签照片。',
    read: '已读取标签：盒子 {boxId}。它证明您持有该盒子，无需CK码。',
    useCk: '改用CK码',
    none: '照片中未找到二维码标签。请靠近并对焦后重拍。',
    foreign: '该二维码不是本系统的盒子标签。',
    unreadable: '无法将此文件作为图片读取。',
  },
};
export default addDevice;
