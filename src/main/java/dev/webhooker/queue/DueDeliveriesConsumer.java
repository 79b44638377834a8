package dev.webhooker.queue;

import java.util.List;
import java.util.concurrent.ExecutorService;

import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.support.DefaultConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import dev.webhooker.store.BackgroundCommits;

/**
 * One thread waits for work and claims as many due deliveries as there are free workers; each claim becomes an
 * exchange on a worker thread. At stop it claims nothing more, gives back the claims no worker has started, and lets
 * the running ones finish.
 */
final class DueDeliveriesConsumer extends DefaultConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(DueDeliveriesConsumer.class);

    private final DeliveryPoller poller;
    private final DeliveryWakeUp wakeUp;
    private final int workerCount;
    private volatile boolean claiming;
    private ExecutorService claimer;
    private ExecutorService workers;

    DueDeliveriesConsumer(Endpoint endpoint, Processor processor, DeliveryPoller poller, DeliveryWakeUp wakeUp, int workers) {
        super(endpoint, processor);
        this.poller = poller;
        this.wakeUp = wakeUp;
        this.workerCount = workers;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        var executors = getEndpoint().getCamelContext().getExecutorServiceManager();
        // never more claims than free workers, so the pool's own queue stays short
        workers = executors.newFixedThreadPool(this, "delivery-worker", workerCount);
        claimer = executors.newSingleThreadExecutor(this, "delivery-claims");
        claiming = true;
        claimer.execute(this::claimWhileRunning);
    }

    private void claimWhileRunning() {
        BackgroundCommits.markThisThread(); // no client waits on a claim's commit, nor on a delivery's (below)
        while (claiming) {
            wakeUp.awaitWork();
            if (!claiming) {
                return;
            }
            try {
                List<ClaimedDelivery> claimed = poller.claimDue();
                for (ClaimedDelivery claim : claimed) {
                    workers.execute(() -> poller.run(claim, this::deliver));
                }
            } catch (RuntimeException e) {
                // the loop must outlive any one failure, or this instance would stop delivering; a claim that no
                // worker took stays with the poller, which gives it back at the stop (or its lease runs out)
                LOG.warn("delivery consumer: could not hand claims to the workers ({})", e.toString());
            }
        }
    }

    /**
     * One claim as one exchange; what the route did not handle is reported once, by the consumer's exception handler.
     * The route may finish on another thread (its parallel split), so the logging context it put on this one is
     * cleared here, or this worker's next log lines would name a delivery it no longer runs.
     */
    private void deliver(ClaimedDelivery claim) {
        BackgroundCommits.markThisThread();
        try {
            run(claim);
        } finally {
            MDC.clear();
        }
    }

    private void run(ClaimedDelivery claim) {
        Exchange exchange = createExchange(false);
        exchange.getIn().setBody(claim);
        try {
            getProcessor().process(exchange);
        } catch (Exception e) {
            exchange.setException(e);
        }
        try {
            if (exchange.getException() != null) {
                getExceptionHandler().handleException("delivery " + claim.key() + " failed", exchange, exchange.getException());
            }
        } finally {
            releaseExchange(exchange, false);
        }
    }

    @Override
    protected void doStop() throws Exception {
        claiming = false;
        wakeUp.signal(); // the claim thread returns at once instead of after the poll interval
        var executors = getEndpoint().getCamelContext().getExecutorServiceManager();
        if (claimer != null) {
            executors.shutdownGraceful(claimer);
        }
        int given = poller.stop();
        if (given > 0) {
            LOG.info("delivery consumer stopped: {} claimed deliveries no worker had started are back in the queue", given);
        }
        if (workers != null) {
            // the running deliveries finish: Camel's graceful shutdown waits for its in-flight exchanges (up to its
            // timeout); one cut off then holds its lease, and another instance takes it over when the lease ends
            workers.shutdown();
        }
        super.doStop();
    }
}
