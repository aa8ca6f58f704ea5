/**
 * Content and legal pages in pt and en. `{{siteName}}` becomes the brand's name when served. The HTML is
 * operator-authored content: the app sanitises it (the seed includes a harmless <script> in one page so
 * that sanitising is exercised).
 */
export interface SeedPage {
  slug: string;
  locale: 'pt' | 'en';
  title: string;
  html: string;
}

const DEMO_NOTE_PT = '<p><small>Texto de demonstração do ambiente sandbox; não é aconselhamento jurídico.</small></p>';
const DEMO_NOTE_EN = '<p><small>Sandbox demonstration text; not legal advice.</small></p>';

export const CONTENT_PAGES: SeedPage[] = [
  {
    slug: 'terms',
    locale: 'pt',
    title: 'Termos e Condições',
    html: `<h2>1. Sobre estes termos</h2>
<p>Estes Termos e Condições regem o uso do site {{siteName}} e de todos os jogos e apostas oferecidos nele. Ao criar uma conta, você declara que leu, entendeu e aceita estes termos.</p>
<h2>2. Quem pode jogar</h2>
<ul>
  <li>Apenas maiores de 18 anos, residentes no Brasil, com CPF regular.</li>
  <li>Não podem jogar pessoas impedidas pela Lei nº 14.790/2023, como sócios e funcionários do operador, agentes públicos de fiscalização, atletas e árbitros em eventos de que participam, e pessoas diagnosticadas com ludopatia.</li>
  <li>Cada pessoa pode ter uma única conta.</li>
</ul>
<h2>3. Sua conta</h2>
<p>Você é responsável por manter seus dados atualizados e sua senha em segredo. Podemos pedir documentos para confirmar sua identidade antes de liberar saques.</p>
<h2>4. Depósitos e saques</h2>
<p>Depósitos e saques são feitos por Pix, apenas em contas de mesma titularidade do CPF cadastrado. Os valores mínimos e máximos aparecem na carteira. Saques para terceiros não são permitidos.</p>
<h2>5. Jogo responsável</h2>
<p>Oferecemos limites de depósito, de perda e de tempo, alerta de realidade e autoexclusão. Veja a página <a href="/responsible-gaming">Jogo Responsável</a>.</p>
<h2>6. Alterações</h2>
<p>Podemos atualizar estes termos. Avisaremos sobre mudanças relevantes antes que entrem em vigor.</p>
${DEMO_NOTE_PT}`,
  },
  {
    slug: 'terms',
    locale: 'en',
    title: 'Terms and Conditions',
    html: `<h2>1. About these terms</h2>
<p>These Terms and Conditions govern the use of {{siteName}} and every game and bet offered on it. By creating an account you confirm that you have read, understood and accepted them.</p>
<h2>2. Who may play</h2>
<ul>
  <li>Only people aged 18 or over, resident in Brazil, with a regular CPF.</li>
  <li>People barred by Law 14.790/2023 may not play, such as the operator's owners and staff, public inspection officers, athletes and referees in events they take part in, and people diagnosed with gambling disorder.</li>
  <li>Each person may hold a single account.</li>
</ul>
<h2>3. Your account</h2>
<p>You are responsible for keeping your details up to date and your password secret. We may ask for documents to confirm your identity before releasing withdrawals.</p>
<h2>4. Deposits and withdrawals</h2>
<p>Deposits and withdrawals are made by Pix, only to accounts held under the registered CPF. Minimum and maximum amounts are shown in the wallet. Withdrawals to third parties are not allowed.</p>
<h2>5. Responsible gaming</h2>
<p>We offer deposit, loss and time limits, a reality check and self-exclusion. See the <a href="/en/responsible-gaming">Responsible Gaming</a> page.</p>
<h2>6. Changes</h2>
<p>We may update these terms. We will tell you about relevant changes before they take effect.</p>
${DEMO_NOTE_EN}`,
  },
  {
    slug: 'privacy',
    locale: 'pt',
    title: 'Política de Privacidade',
    html: `<p>O {{siteName}} trata seus dados pessoais de acordo com a Lei Geral de Proteção de Dados (Lei nº 13.709/2018).</p>
<h2>Dados que coletamos</h2>
<ul>
  <li>Cadastro: nome, CPF, data de nascimento, e-mail, telefone e endereço.</li>
  <li>Transações: depósitos, saques, apostas e bônus.</li>
  <li>Uso do site: dispositivo, endereço IP e páginas visitadas.</li>
</ul>
<h2>Para que usamos</h2>
<p>Para abrir e manter sua conta, verificar sua identidade e idade, cumprir obrigações legais de prevenção à lavagem de dinheiro e de jogo responsável, processar pagamentos e melhorar nossos serviços.</p>
<h2>Seus direitos</h2>
<p>Você pode pedir acesso, correção, portabilidade ou exclusão dos seus dados, respeitados os prazos de guarda exigidos por lei. Fale com nosso encarregado pelo suporte.</p>
<script>alert('este script deve ser removido pela sanitização')</script>
${DEMO_NOTE_PT}`,
  },
  {
    slug: 'privacy',
    locale: 'en',
    title: 'Privacy Policy',
    html: `<p>{{siteName}} processes your personal data in accordance with Brazil's General Data Protection Law (Law 13.709/2018, LGPD).</p>
<h2>Data we collect</h2>
<ul>
  <li>Registration: name, CPF, date of birth, e-mail, phone and address.</li>
  <li>Transactions: deposits, withdrawals, bets and bonuses.</li>
  <li>Site usage: device, IP address and pages visited.</li>
</ul>
<h2>What we use it for</h2>
<p>To open and keep your account, verify your identity and age, meet legal duties on anti-money-laundering and responsible gaming, process payments and improve our services.</p>
<h2>Your rights</h2>
<p>You may request access, correction, portability or deletion of your data, subject to the retention periods the law requires. Contact our data protection officer through support.</p>
<script>alert('this script must be removed by sanitising')</script>
${DEMO_NOTE_EN}`,
  },
  {
    slug: 'aml-policy',
    locale: 'pt',
    title: 'Política de Prevenção à Lavagem de Dinheiro',
    html: `<p>O {{siteName}} adota medidas para prevenir a lavagem de dinheiro e o financiamento do terrorismo, conforme a Lei nº 9.613/1998 e a regulamentação do setor de apostas.</p>
<h2>Conheça seu cliente</h2>
<p>Verificamos a identidade de cada jogador no cadastro, inclusive com reconhecimento facial quando exigido, e podemos pedir documentos adicionais a qualquer momento.</p>
<h2>Monitoramento</h2>
<p>Acompanhamos depósitos, apostas e saques para identificar operações atípicas. Operações suspeitas são comunicadas ao COAF, sem aviso ao jogador.</p>
<h2>Regras de pagamento</h2>
<ul>
  <li>Depósitos e saques somente por contas da mesma titularidade do CPF cadastrado.</li>
  <li>Não aceitamos dinheiro em espécie, boletos de terceiros ou criptomoedas.</li>
</ul>
${DEMO_NOTE_PT}`,
  },
  {
    slug: 'aml-policy',
    locale: 'en',
    title: 'Anti-Money-Laundering Policy',
    html: `<p>{{siteName}} takes measures to prevent money laundering and terrorist financing, in line with Law 9.613/1998 and the betting sector's regulations.</p>
<h2>Know your customer</h2>
<p>We verify every player's identity at registration, including facial recognition where required, and may ask for further documents at any time.</p>
<h2>Monitoring</h2>
<p>We follow deposits, bets and withdrawals to spot unusual activity. Suspicious operations are reported to COAF without notice to the player.</p>
<h2>Payment rules</h2>
<ul>
  <li>Deposits and withdrawals only through accounts held under the registered CPF.</li>
  <li>We do not accept cash, third-party payment slips or cryptocurrencies.</li>
</ul>
${DEMO_NOTE_EN}`,
  },
  {
    slug: 'betting-terms',
    locale: 'pt',
    title: 'Regulamento de Apostas',
    html: `<h2>Aceitação das apostas</h2>
<p>Uma aposta só é válida depois de confirmada na sua conta. As cotações podem mudar até a confirmação.</p>
<h2>Resultados</h2>
<p>As apostas são liquidadas pelo resultado oficial ao fim do tempo regulamentar, salvo quando o mercado indicar outra regra. Eventos adiados por mais de 48 horas têm as apostas anuladas e o valor devolvido.</p>
<h2>Erros evidentes</h2>
<p>Apostas aceitas com cotação claramente errada podem ser corrigidas para a cotação correta ou anuladas.</p>
<h2>Limites</h2>
<p>Os valores mínimo e máximo de aposta e de prêmio aparecem no boletim de apostas.</p>
${DEMO_NOTE_PT}`,
  },
  {
    slug: 'betting-terms',
    locale: 'en',
    title: 'Betting Rules',
    html: `<h2>Acceptance of bets</h2>
<p>A bet is valid only once it is confirmed in your account. Odds may change until confirmation.</p>
<h2>Results</h2>
<p>Bets are settled on the official result at the end of regular time unless the market states another rule. Events postponed for more than 48 hours have their bets voided and stakes returned.</p>
<h2>Obvious errors</h2>
<p>Bets accepted at clearly wrong odds may be corrected to the right odds or voided.</p>
<h2>Limits</h2>
<p>Minimum and maximum stakes and payouts are shown on the bet slip.</p>
${DEMO_NOTE_EN}`,
  },
  {
    slug: 'responsible-gaming',
    locale: 'pt',
    title: 'Jogo Responsável',
    html: `<p>Apostar deve ser diversão, nunca uma forma de ganhar dinheiro ou resolver problemas. O {{siteName}} oferece ferramentas para você manter o controle.</p>
<h2>Sinais de alerta</h2>
<ul>
  <li>Apostar mais do que pode perder ou tentar recuperar perdas.</li>
  <li>Esconder de amigos e familiares quanto tempo ou dinheiro gasta com apostas.</li>
  <li>Sentir ansiedade ou irritação quando não está jogando.</li>
</ul>
<h2>Ferramentas na sua conta</h2>
<p>Todas ficam em <a href="/responsible-gambling">Jogo responsável</a>, na sua conta (é preciso entrar).</p>
<ul>
  <li><strong>Limites de depósito</strong> por dia, semana (de segunda a domingo) e mês. Um depósito acima do que resta no período é recusado.</li>
  <li><strong>Limites de perda</strong> por dia, semana e mês (apostado menos ganho). Uma aposta que passaria do limite é recusada.</li>
  <li><strong>Tempo de jogo por dia</strong>: ao atingir o limite sua sessão termina e você só entra de novo no dia seguinte.</li>
  <li>Reduzir um limite vale na hora; aumentar ou remover só vale depois de 24 horas.</li>
  <li><strong>Alerta de realidade</strong>: a cada 15, 30 ou 60 minutos (você escolhe) o jogo pausa e mostra há quanto tempo você está jogando e seu resultado na sessão.</li>
  <li><strong>Autoexclusão</strong> por 1, 3, 6, 9 ou 12 meses ou por tempo indeterminado. Você sai da conta na hora, não consegue entrar até o fim do período, e códigos pix em aberto são cancelados; seu saldo continua seu. Um período fixo não pode ser encerrado antes; o indeterminado só pode ser cancelado depois de 30 dias.</li>
</ul>
<h2>Autoexclusão de todas as plataformas</h2>
<p>Para se afastar de todas as casas de apostas autorizadas no Brasil de uma vez, use a plataforma nacional de autoexclusão do governo federal: <a href="https://www.gov.br/autoexclusaoapostas" rel="noopener noreferrer">gov.br/autoexclusaoapostas</a>.</p>
<h2>Precisa de ajuda?</h2>
<p>Procure o CVV pelo telefone 188 (ligação gratuita, 24 horas) ou os Jogadores Anônimos do Brasil.</p>
<p>Proibido para menores de 18 anos.</p>
${DEMO_NOTE_PT}`,
  },
  {
    slug: 'responsible-gaming',
    locale: 'en',
    title: 'Responsible Gaming',
    html: `<p>Betting should be fun, never a way to make money or solve problems. {{siteName}} offers tools to help you stay in control.</p>
<h2>Warning signs</h2>
<ul>
  <li>Betting more than you can afford to lose, or chasing losses.</li>
  <li>Hiding from friends and family how much time or money you spend on betting.</li>
  <li>Feeling anxious or irritable when you are not playing.</li>
</ul>
<h2>Tools in your account</h2>
<p>They are all under <a href="/en/responsible-gambling">Responsible gaming</a> in your account (you need to sign in).</p>
<ul>
  <li><strong>Deposit limits</strong> per day, week (Monday to Sunday) and month. A deposit above what is left in the period is refused.</li>
  <li><strong>Loss limits</strong> per day, week and month (staked minus won). A bet that would pass the limit is refused.</li>
  <li><strong>Playing time per day</strong>: when you reach it your session ends and you can sign in again the next day.</li>
  <li>Lowering a limit applies at once; raising or removing one only after 24 hours.</li>
  <li><strong>Reality check</strong>: every 15, 30 or 60 minutes (your choice) play pauses to show how long you have played and your result this session.</li>
  <li><strong>Self-exclusion</strong> for 1, 3, 6, 9 or 12 months or indefinitely. You are signed out at once, cannot sign in until the period ends, and open pix codes are cancelled; your balance stays yours. A fixed period cannot be ended early; an indefinite one can only be cancelled after 30 days.</li>
</ul>
<h2>Self-exclusion from every platform</h2>
<p>To step away from every licensed betting site in Brazil at once, use the federal government's national self-exclusion platform: <a href="https://www.gov.br/autoexclusaoapostas" rel="noopener noreferrer">gov.br/autoexclusaoapostas</a>.</p>
<h2>Need help?</h2>
<p>Call CVV on 188 (free, 24 hours) or contact Gamblers Anonymous Brazil.</p>
<p>Not for under-18s.</p>
${DEMO_NOTE_EN}`,
  },
  {
    slug: 'em-conformidade-com-a-regulamentacao',
    locale: 'pt',
    title: 'Em conformidade com a regulamentação',
    html: `<p>O {{siteName}} opera apostas de quota fixa e jogos on-line de acordo com a Lei nº 14.790/2023 e as portarias da Secretaria de Prêmios e Apostas do Ministério da Fazenda.</p>
<h2>Nossos compromissos</h2>
<ul>
  <li>Cadastro apenas de maiores de 18 anos, com verificação de identidade.</li>
  <li>Pagamentos somente por meios autorizados, na mesma titularidade do CPF do jogador.</li>
  <li>Publicidade responsável, sem apelo a menores de idade.</li>
  <li>Ferramentas de jogo responsável e canal de atendimento ao jogador.</li>
</ul>
${DEMO_NOTE_PT}`,
  },
  {
    slug: 'em-conformidade-com-a-regulamentacao',
    locale: 'en',
    title: 'Regulatory compliance',
    html: `<p>{{siteName}} operates fixed-odds betting and online games in accordance with Law 14.790/2023 and the ordinances of the Ministry of Finance's Secretariat of Prizes and Bets.</p>
<h2>Our commitments</h2>
<ul>
  <li>Registration for people aged 18 or over only, with identity verification.</li>
  <li>Payments only through authorised means, under the player's own CPF.</li>
  <li>Responsible advertising that never appeals to minors.</li>
  <li>Responsible gaming tools and a player support channel.</li>
</ul>
${DEMO_NOTE_EN}`,
  },
  {
    slug: 'sobre-nos',
    locale: 'pt',
    title: 'Sobre nós',
    html: `<p>O {{siteName}} é um cassino on-line e casa de apostas esportivas feito para jogadores brasileiros: Pix na hora, suporte em português e os jogos mais populares.</p>
<p><a href="/promotions">Veja as promoções</a> ou fale com o suporte.</p>`,
  },
  {
    slug: 'sobre-nos',
    locale: 'en',
    title: 'About us',
    html: `<p>{{siteName}} is an online casino and sportsbook made for Brazilian players: instant Pix, support in Portuguese and the most popular games.</p>
<p><a href="/en/promotions">See the promotions</a> or contact support.</p>`,
  },
];
