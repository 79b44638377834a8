// The console's words in English and Chinese. The language is the browser's (zh* → Chinese) until someone
// picks one; the choice is kept in this browser.
const en = {
  'app.title': 'webhooker console',
  'nav.overview': 'Overview', 'nav.groups': 'Groups', 'nav.logs': 'Send logs', 'nav.deliveries': 'Deliveries',
  'nav.audit': 'Audit', 'nav.metrics': 'Metrics', 'nav.tester': 'Route tester', 'nav.signout': 'Sign out',
  'nav.language': 'Language', 'nav.main': 'Main',
  'common.save': 'Save', 'common.delete': 'Delete',
  'common.loading': 'Loading…', 'common.none': 'Nothing here yet.', 'common.next': 'Older entries', 'common.apply': 'Apply',
  'common.saved': 'Saved.', 'common.readonly.viewer': 'Read only: your role in this group is viewer.',
  'common.readonly.sync': 'Read only: the configuration is managed by the file {file} (sync mode). Edit the file instead.',
  'common.readonly.role': 'Read only: changing this needs the {role} role.',
  'common.error': 'Error', 'common.close': 'Close', 'common.filter': 'Filter',
  'overview.title': 'Overview', 'overview.window': 'Window', 'overview.hours': 'last {n} hours',
  'overview.perHour': 'Sends per hour', 'overview.successRate': 'Success rate', 'overview.byError': 'Failures by error code',
  'overview.queue': 'Queue', 'overview.queueDepth': 'deliveries waiting', 'overview.oldestDue': 'oldest due for',
  'overview.total': 'sends', 'overview.failed': 'failed', 'overview.noFailures': 'No failures in this window.',
  'overview.recentFailures': 'Recent failures',
  'metrics.title': 'Metrics', 'metrics.byPlatform': 'By platform', 'metrics.byEvent': 'By event', 'metrics.byStatus': 'By HTTP status',
  'metrics.avgDuration': 'Average duration', 'metrics.avgAttempts': 'Average tries',
  'groups.title': 'Groups', 'groups.create': 'Create group', 'groups.id': 'Id', 'groups.name': 'Name', 'groups.role': 'Your role',
  'groups.routes': 'Routes', 'groups.members': 'Members', 'groups.idHelp': 'Lower-case letters, digits and dashes.',
  'group.settings': 'Settings', 'group.lang': 'Message language', 'group.emoji': 'Emoji in messages',
  'group.replay': 'Require timestamp + nonce from custom senders',
  'group.logTarget': 'Log channel (Discord channel id)', 'group.members': 'Members and roles', 'group.login': 'GitHub login',
  'group.userId': 'GitHub user id', 'group.addMember': 'Add member', 'group.remove': 'Remove',
  'group.invites': 'Invites', 'group.invite': 'Create invite link', 'group.inviteRole': 'Role of the invitee', 'group.note': 'Note',
  'group.revoke': 'Revoke', 'group.expires': 'Expires', 'group.inviteCreated': 'Invite link (valid 7 days):',
  'group.webhook': 'Webhook endpoint', 'group.url': 'URL', 'group.secretSet': 'A secret is set.', 'group.noSecret': 'No secret: the endpoint answers 404.',
  'group.regenerate': 'Make a new secret', 'group.overlap': 'Old secret keeps working for', 'group.overlapNone': 'no overlap',
  'group.disable': 'Disable endpoint', 'group.secretOnce': 'The new secret, shown only this once:', 'group.copy': 'Copy',
  'group.copied': 'Copied.', 'group.delete': 'Delete group', 'group.confirmDelete': 'Delete group {id} with its routes and secret?',
  'group.rename': 'Rename', 'group.newId': 'New id',
  'routes.title': 'Routes', 'routes.add': 'Add route', 'routes.edit': 'Edit', 'routes.enabled': 'Enabled', 'routes.disabled': 'disabled',
  'routes.stop': 'Stop after this route', 'routes.fallback': 'Fallback (only when no other route of the group fires)',
  'routes.filters': 'Filters', 'routes.targets': 'Targets', 'routes.roles': 'Discord role mentions (ids, comma-separated)',
  'routes.moveUp': 'Move up', 'routes.moveDown': 'Move down', 'routes.order': 'Drag a route, or use its arrows, to change the order; the first match with "stop" ends the evaluation.',
  'routes.yaml': 'YAML view', 'routes.validate': 'Validate', 'routes.export': 'Export YAML',
  'routes.valid': 'Valid: {n} route(s).', 'routes.confirmDelete': 'Delete route {id}?',
  'filter.type': 'Type', 'filter.match': 'Patterns (comma-separated)', 'filter.exclude': 'Exclude (match means no)',
  'filter.add': 'Add filter', 'filter.tree': 'Boolean tree', 'filter.all': 'all of', 'filter.any': 'any of', 'filter.not': 'not',
  'filter.addGroup': 'Add group', 'filter.useTree': 'Use a boolean tree instead of the list',
  'filter.help': 'Patterns: an exact value (case-insensitive), a glob with * (e.g. acme/*), or a regular expression between slashes (/^release-.*$/). The list matches when every filter matches.',
  'filter.types': 'event: the event name (push, pull_request, workflow_run…) · repo: owner/name · actor: the sender login · action: opened, closed… · branch: the branch or tag · keyword: a word in titles and messages',
  'target.platform': 'Platform', 'target.channel': 'Channel id', 'target.thread': 'Thread id', 'target.chat': 'Chat id', 'target.topic': 'Topic id',
  'target.add': 'Add target',
  'target.url': 'URL', 'target.secret': 'Secret', 'target.secretKept': 'unchanged (stored sealed)', 'target.format': 'Body',
  'target.format.event': 'the event', 'target.format.message': 'the message',
  'logs.title': 'Send logs', 'logs.when': 'When', 'logs.route': 'Route', 'logs.event': 'Event', 'logs.target': 'Target',
  'logs.ok': 'Result', 'logs.error': 'Error', 'logs.platform': 'Platform', 'logs.delivery': 'Delivery', 'logs.group': 'Group',
  'logs.okTrue': 'sent', 'logs.okFalse': 'failed', 'logs.any': 'any', 'logs.errorCode': 'Error code', 'logs.detail': 'Detail',
  'deliveries.title': 'Deliveries', 'deliveries.find': 'Delivery id', 'deliveries.open': 'Open', 'deliveries.status': 'Status',
  'deliveries.attempts': 'Tries', 'deliveries.nextAttempt': 'Next try', 'deliveries.replay': 'Replay failed targets',
  'deliveries.replayOne': 'Replay', 'deliveries.replayed': 'Sent again: {n} target(s).', 'deliveries.payloadGone': 'payload discarded',
  'deliveries.attemptsLog': 'Attempts', 'deliveries.endpoint': 'Endpoint',
  'deliveries.status.failed,dead': 'failed or dead', 'deliveries.status.retrying,pending,processing': 'in progress',
  'deliveries.status.delivered': 'delivered',
  'audit.title': 'Audit', 'audit.when': 'When', 'audit.who': 'Who', 'audit.action': 'Action', 'audit.target': 'Target', 'audit.detail': 'Detail',
  'tester.title': 'Route tester', 'tester.event': 'Event (X-GitHub-Event)', 'tester.sample': 'Sample payload',
  'tester.payload': 'Payload (JSON)', 'tester.group': 'Only the endpoint of group', 'tester.run': 'Test',
  'tester.fires': 'Routes that fire', 'tester.skipped': 'Routes that do not fire', 'tester.none': 'No route fires: {why}',
  'tester.discord': 'Discord preview', 'tester.telegram': 'Telegram preview', 'tester.webhook': 'Webhook body', 'tester.any': 'the shared endpoint',
  'flash.invite.ok': 'You have joined the group.', 'flash.invite.invalid': 'This invite link is not valid: it was used, revoked or has expired.',
  'flash.invite.group-missing': 'The group of this invite does not exist any more.',
};

const zh = {
  'app.title': 'webhooker 控制台',
  'nav.overview': '概览', 'nav.groups': '分组', 'nav.logs': '发送日志', 'nav.deliveries': '投递', 'nav.audit': '审计',
  'nav.metrics': '指标', 'nav.tester': '路由测试', 'nav.signout': '退出登录', 'nav.language': '语言', 'nav.main': '主导航',
  'common.save': '保存', 'common.delete': '删除', 'common.loading': '加载中…',
  'common.none': '暂无内容。', 'common.next': '更早的记录', 'common.apply': '应用', 'common.saved': '已保存。',
  'common.readonly.viewer': '只读：你在此分组中的角色是查看者。',
  'common.readonly.sync': '只读：配置由文件 {file} 管理（同步模式），请直接修改该文件。',
  'common.readonly.role': '只读：此操作需要 {role} 角色。',
  'common.error': '错误', 'common.close': '关闭', 'common.filter': '筛选',
  'overview.title': '概览', 'overview.window': '时间范围', 'overview.hours': '最近 {n} 小时', 'overview.perHour': '每小时发送数',
  'overview.successRate': '成功率', 'overview.byError': '按错误码统计的失败', 'overview.queue': '队列',
  'overview.queueDepth': '个投递等待中', 'overview.oldestDue': '最早到期已等待', 'overview.total': '次发送', 'overview.failed': '次失败',
  'overview.noFailures': '此时间范围内没有失败。', 'overview.recentFailures': '最近的失败',
  'metrics.title': '指标', 'metrics.byPlatform': '按平台', 'metrics.byEvent': '按事件', 'metrics.byStatus': '按 HTTP 状态',
  'metrics.avgDuration': '平均耗时', 'metrics.avgAttempts': '平均尝试次数',
  'groups.title': '分组', 'groups.create': '创建分组', 'groups.id': 'ID', 'groups.name': '名称', 'groups.role': '你的角色',
  'groups.routes': '路由', 'groups.members': '成员', 'groups.idHelp': '小写字母、数字和连字符。',
  'group.settings': '设置', 'group.lang': '消息语言', 'group.emoji': '消息中使用表情', 'group.replay': '要求自定义发送方提供时间戳和 nonce', 'group.logTarget': '日志频道（Discord 频道 ID）', 'group.members': '成员与角色',
  'group.login': 'GitHub 用户名', 'group.userId': 'GitHub 用户 ID', 'group.addMember': '添加成员', 'group.remove': '移除',
  'group.invites': '邀请', 'group.invite': '创建邀请链接', 'group.inviteRole': '被邀请者的角色', 'group.note': '备注', 'group.revoke': '撤销',
  'group.expires': '过期时间', 'group.inviteCreated': '邀请链接（7 天内有效）：', 'group.webhook': 'Webhook 地址', 'group.url': 'URL',
  'group.secretSet': '已设置密钥。', 'group.noSecret': '未设置密钥：该地址返回 404。', 'group.regenerate': '生成新密钥',
  'group.overlap': '旧密钥继续有效', 'group.overlapNone': '不保留', 'group.disable': '停用该地址',
  'group.secretOnce': '新密钥，只显示这一次：', 'group.copy': '复制', 'group.copied': '已复制。', 'group.delete': '删除分组',
  'group.confirmDelete': '删除分组 {id} 及其路由和密钥？', 'group.rename': '重命名', 'group.newId': '新 ID',
  'routes.title': '路由', 'routes.add': '添加路由', 'routes.edit': '编辑', 'routes.enabled': '启用', 'routes.disabled': '已停用',
  'routes.stop': '匹配后停止', 'routes.fallback': '兜底（仅当分组内没有其他路由匹配时）', 'routes.filters': '过滤条件',
  'routes.targets': '目标', 'routes.roles': 'Discord 角色提及（ID，逗号分隔）', 'routes.moveUp': '上移', 'routes.moveDown': '下移',
  'routes.order': '拖动路由或使用箭头调整顺序；带“停止”的第一个匹配会结束评估。', 'routes.yaml': 'YAML 视图',
  'routes.validate': '校验', 'routes.export': '导出 YAML', 'routes.valid': '有效：{n} 条路由。', 'routes.confirmDelete': '删除路由 {id}？',
  'filter.type': '类型', 'filter.match': '模式（逗号分隔）', 'filter.exclude': '排除（匹配即不通过）', 'filter.add': '添加过滤条件',
  'filter.tree': '布尔树', 'filter.all': '全部满足', 'filter.any': '任一满足', 'filter.not': '非', 'filter.addGroup': '添加分组',
  'filter.useTree': '使用布尔树代替列表',
  'filter.help': '模式：精确值（不区分大小写）、带 * 的通配（如 acme/*），或放在斜杠之间的正则表达式（/^release-.*$/）。列表要求每个条件都匹配。',
  'filter.types': 'event：事件名（push、pull_request、workflow_run…）· repo：owner/name · actor：发送者 · action：opened、closed… · branch：分支或标签 · keyword：标题和消息中的词',
  'target.platform': '平台', 'target.channel': '频道 ID', 'target.thread': '子区 ID', 'target.chat': '聊天 ID', 'target.topic': '话题 ID',
  'target.add': '添加目标',
  'target.url': 'URL', 'target.secret': '密钥', 'target.secretKept': '不变（已加密保存）', 'target.format': '正文',
  'target.format.event': '原始事件', 'target.format.message': '消息',
  'logs.title': '发送日志', 'logs.when': '时间', 'logs.route': '路由', 'logs.event': '事件', 'logs.target': '目标', 'logs.ok': '结果',
  'logs.error': '错误', 'logs.platform': '平台', 'logs.delivery': '投递', 'logs.group': '分组', 'logs.okTrue': '已发送', 'logs.okFalse': '失败',
  'logs.any': '全部', 'logs.errorCode': '错误码', 'logs.detail': '详情',
  'deliveries.title': '投递', 'deliveries.find': '投递 ID', 'deliveries.open': '打开', 'deliveries.status': '状态', 'deliveries.attempts': '尝试次数',
  'deliveries.nextAttempt': '下次尝试', 'deliveries.replay': '重发失败的目标', 'deliveries.replayOne': '重发',
  'deliveries.replayed': '已重新发送：{n} 个目标。', 'deliveries.payloadGone': '负载已丢弃', 'deliveries.attemptsLog': '尝试记录',
  'deliveries.endpoint': '入口',
  'deliveries.status.failed,dead': '失败或已放弃', 'deliveries.status.retrying,pending,processing': '进行中',
  'deliveries.status.delivered': '已送达',
  'audit.title': '审计', 'audit.when': '时间', 'audit.who': '操作者', 'audit.action': '操作', 'audit.target': '对象', 'audit.detail': '详情',
  'tester.title': '路由测试', 'tester.event': '事件（X-GitHub-Event）', 'tester.sample': '示例负载', 'tester.payload': '负载（JSON）',
  'tester.group': '仅该分组的入口', 'tester.run': '测试', 'tester.fires': '会触发的路由', 'tester.skipped': '不会触发的路由',
  'tester.none': '没有路由会触发：{why}', 'tester.discord': 'Discord 预览', 'tester.telegram': 'Telegram 预览', 'tester.webhook': 'Webhook 正文', 'tester.any': '共享入口',
  'flash.invite.ok': '你已加入该分组。', 'flash.invite.invalid': '此邀请链接无效：已被使用、撤销或已过期。',
  'flash.invite.group-missing': '此邀请对应的分组已不存在。',
};

const dictionaries = {en, zh};
const KEY = 'webhooker.lang';

export function language() {
  const chosen = localStorage.getItem(KEY);
  if (chosen && dictionaries[chosen]) return chosen;
  return (navigator.language || 'en').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function setLanguage(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

/** The text of {@code key} in the current language, {name} placeholders filled from {@code vars}. */
export function t(key, vars = {}) {
  const text = dictionaries[language()][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (vars[name] ?? ''));
}

export const LANGUAGES = [['en', 'English'], ['zh', '中文']];
