/** 发给云盒子的命令（docs/box-protocol.md「Commands」）：状态及失败原因。 */
export default {
  state: {
    queued: '等待盒子上线',
    sent: '已发送',
    accepted: '已接受',
    downloading: '下载中',
    verifying: '校验中',
    updating: '更新中',
    done: '已完成',
    failed: '失败',
    timeout: '无应答',
    expired: '已过期',
    cancelled: '已取消',
  },
  reason: {
    'bad-args': '盒子拒绝了该设置',
    unsupported: '盒子不支持此命令',
    expired: '等待盒子时间过长',
    busy: '盒子正在执行其他命令',
    'download-failed': '下载失败',
    'size-mismatch': '固件大小不符',
    'checksum-mismatch': '固件 SHA-256 校验失败',
    'install-failed': '安装失败',
    unreachable: '无法连接新服务器',
  },
};
